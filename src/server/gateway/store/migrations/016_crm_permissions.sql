-- The marketing CRM's permissions (segments, desk notes, duplicates, privacy requests): given to the preset roles
-- of organisations made before them, as ROLE_PRESETS gives them to new ones. Roles an administrator made keep
-- what they hold; the administrator preset holds every permission.
update gateway.roles
   set permissions = array(select distinct p from unnest(permissions || array['segments:manage', 'notes:write', 'duplicates:review']) p)
 where preset and key = 'marketing';
update gateway.roles
   set permissions = array(select distinct p from unnest(permissions || array['segments:manage', 'privacy:manage']) p)
 where preset and key = 'manager';
update gateway.roles
   set permissions = array(select distinct p from unnest(permissions || array['segments:manage', 'notes:write', 'duplicates:review', 'privacy:manage']) p)
 where preset and key = 'administrator';

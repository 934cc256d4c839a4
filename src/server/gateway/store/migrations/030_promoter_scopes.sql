-- Promoter access and the accounting preset (issue 33 items 3-5).
--
-- A role may be limited to chosen productions and/or events: its people see those events, their orders and
-- sales, and nothing of other events (the gateway enforces it: role-scopes/). No row: the role is unscoped.
-- Ids are the Ticketing Service's; an event of a listed production is in scope without being listed itself.
create table gateway.role_scopes (
  role_id bigint primary key references gateway.roles on delete cascade,
  organisation_id bigint not null references gateway.organisations on delete cascade,
  production_ids bigint[] not null default '{}',
  event_ids bigint[] not null default '{}',
  updated_at timestamptz not null default now(),
  -- A scope that names nothing would be a role that sees nothing: that is no scope row at all, or no role.
  check (cardinality(production_ids) + cardinality(event_ids) between 1 and 500)
);

-- A scope decides what a signed-in person may see, as their role does: any change of one notifies the
-- instances' session caches as a change of its role (migration 009's channel, `r:<role id>`), at its commit.
create function gateway.notify_role_scope_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('foyer_gateway_sessions', 'r:' || coalesce(new.role_id, old.role_id));
  return null;
end
$$;
create trigger role_scopes_notify after insert or update or delete on gateway.role_scopes
  for each row execute function gateway.notify_role_scope_change();

-- Buyers' contact details (email, phone, address) in orders are now a permission of their own: the presets
-- that saw them keep seeing them. Roles an administrator made keep what they hold (names only, until given).
update gateway.roles
   set permissions = array(select distinct p from unnest(permissions || array['customers:contact']) p)
 where preset and key in ('marketing', 'manager', 'administrator');

-- The accounting preset for organisations made before it (new ones get it from ROLE_PRESETS); named
-- 'Accounting' unless a role of that name exists already.
insert into gateway.roles (organisation_id, key, name, preset, permissions)
select o.id, 'accounting',
       case when exists (select 1 from gateway.roles r where r.organisation_id = o.id and r.name = 'Accounting')
            then 'Accounting (preset)' else 'Accounting' end,
       true, array['orders:read', 'exports:run', 'reports:read', 'shifts:review']
  from gateway.organisations o
 where not exists (select 1 from gateway.roles r where r.organisation_id = o.id and r.key = 'accounting');

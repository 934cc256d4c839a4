-- While an organisation requires single sign-on, only break-glass administrators (the administrator preset
-- role) keep sessions opened otherwise (password, passkey, a link): switching "required" on ends the others'
-- (sso-service.ts). A role change must keep that true too — an administrator moved to another role by a staff
-- manager, or by their group at an SSO sign-in, is no longer break-glass, and their password session ends with
-- the change (in its transaction; the sessions' own trigger tells every instance's cache).
create function gateway.sso_required_after_role_change() returns trigger language plpgsql as $$
begin
  if exists (select 1 from gateway.sso_configs c
              where c.organisation_id = new.organisation_id and c.enabled and c.required)
     and not exists (select 1 from gateway.roles r where r.id = new.role_id and r.key = 'administrator') then
    update gateway.sessions set ended_at = now()
     where account_id = new.id and ended_at is null and method <> 'sso';
  end if;
  return null;
end
$$;

create trigger accounts_sso_required after update of role_id on gateway.accounts
  for each row when (old.role_id is distinct from new.role_id)
  execute function gateway.sso_required_after_role_change();

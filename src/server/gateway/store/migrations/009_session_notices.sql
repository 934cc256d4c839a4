-- Notices for the instances' session caches (auth/session-cache.ts): any change of a session, an account, a
-- role or an organisation — what a signed-in person is and may do — notifies channel foyer_gateway_sessions
-- in its own transaction, so the notice goes out at its commit (and not at all on a rollback). Each instance
-- listens and drops what the notice names. Touching a session (its last use) notifies too: once a minute at
-- most, and the instances then read it again.
create function gateway.notify_session_change() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'sessions' then
    perform pg_notify('foyer_gateway_sessions', 's:' || encode(old.id_hash, 'hex'));
  else
    -- a:<account id>, r:<role id>, o:<organisation id>
    perform pg_notify('foyer_gateway_sessions', left(tg_table_name, 1) || ':' || old.id);
  end if;
  return null;
end
$$;

create function gateway.notify_sessions_truncated() returns trigger language plpgsql as $$
begin
  perform pg_notify('foyer_gateway_sessions', '*');
  return null;
end
$$;

create trigger sessions_notify after update or delete on gateway.sessions
  for each row execute function gateway.notify_session_change();
create trigger accounts_notify after update or delete on gateway.accounts
  for each row execute function gateway.notify_session_change();
create trigger roles_notify after update or delete on gateway.roles
  for each row execute function gateway.notify_session_change();
create trigger organisations_notify after update or delete on gateway.organisations
  for each row execute function gateway.notify_session_change();
-- A TRUNCATE of any of them reaches the sessions (their foreign keys cascade to it, or refuse).
create trigger sessions_notify_truncate after truncate on gateway.sessions
  for each statement execute function gateway.notify_sessions_truncated();

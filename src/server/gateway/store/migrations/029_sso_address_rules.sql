-- Single sign-on with OpenID Connect, one provider per organisation (sso/), and the networks a role may be used
-- from (address-rules/).

create table gateway.sso_configs (
  organisation_id bigint primary key references gateway.organisations on delete cascade,
  -- "Sign in with <display_name>" on the sign-in page.
  display_name text not null,
  -- The provider's issuer; its discovery document is read from <issuer>/.well-known/openid-configuration.
  issuer text not null,
  client_id text not null,
  -- AES-256-GCM under the master key, bound to 'sso-client-secret:<organisation id>' (connection/key-vault.ts),
  -- as the API key is. Never plain text, never in an answer or a log line.
  client_secret_sealed bytea not null,
  email_claim text not null default 'email',
  group_claim text not null default 'groups',
  enabled boolean not null default true,
  -- Everyone signs in through the provider, but break-glass administrators (the administrator preset role).
  required boolean not null default false,
  updated_at timestamptz not null default now(),
  updated_by bigint references gateway.accounts on delete set null
);

-- The group → role mapping, in order: the first line whose group the person is in gives their role.
create table gateway.sso_group_roles (
  organisation_id bigint not null references gateway.sso_configs on delete cascade,
  position integer not null,
  group_name text not null,
  role_id bigint not null references gateway.roles on delete cascade,
  primary key (organisation_id, position)
);

-- A sign-in under way: the state (its hash), the PKCE verifier and nonce it must be completed with. Used once,
-- within ten minutes.
create table gateway.sso_flows (
  state_hash bytea primary key,
  organisation_id bigint not null references gateway.organisations on delete cascade,
  code_verifier text not null,
  nonce text not null,
  next_path text,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index sso_flows_expires on gateway.sso_flows (expires_at);

-- The people the provider brought (just in time): their subject at the provider, and whether the provider's
-- answer (no mapped group) disabled them — an administrator's disabling is never undone by a sign-in.
create table gateway.sso_people (
  account_id bigint primary key references gateway.accounts on delete cascade,
  organisation_id bigint not null references gateway.organisations on delete cascade,
  subject text not null,
  disabled_by_provider boolean not null default false,
  groups text[] not null default '{}',
  last_sign_in_at timestamptz not null default now(),
  unique (organisation_id, subject)
);

-- Address rules: the networks a role may be used from (none: anywhere).
create table gateway.role_networks (
  role_id bigint not null references gateway.roles on delete cascade,
  network cidr not null,
  primary key (role_id, network)
);

-- Refused requests from outside a role's networks, counted per person and address; the audit trail gets one
-- entry per person, address and hour (the count in the next one), so a refused browser polling every few
-- seconds does not flood it.
create table gateway.address_refusals (
  account_id bigint not null references gateway.accounts on delete cascade,
  address text not null,
  period_started_at timestamptz not null,
  refusals integer not null,
  total integer not null,
  primary key (account_id, address)
);

-- A changed network list changes what the role's sessions may do: the session caches hear it as a role change
-- (see 009_session_notices.sql).
create function gateway.notify_role_networks_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('foyer_gateway_sessions', 'r:' || coalesce(new.role_id, old.role_id));
  return null;
end
$$;
create trigger role_networks_notify after insert or update or delete on gateway.role_networks
  for each row execute function gateway.notify_role_networks_change();

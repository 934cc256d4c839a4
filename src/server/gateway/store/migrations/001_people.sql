-- The gateway's own records: organisations (the connection to the Ticketing Service), roles, people and
-- their ways in, sessions, one-time links and sign-in throttling. Everything lives in schema `gateway`, apart
-- from the service's tables, so the same engine can hold both (embedded mode) or only this (upstream mode).

create table gateway.organisations (
  id bigserial primary key,
  -- The interface's {client_name}; an organisation is connected to exactly one client.
  client_name text not null unique,
  -- AES-256-GCM under the master key, bound to client_name (see connection/key-vault.ts). Never plain text.
  api_key_sealed bytea not null,
  key_changed_at timestamptz not null default now(),
  key_changed_by bigint,
  created_at timestamptz not null default now()
);

create table gateway.roles (
  id bigserial primary key,
  organisation_id bigint not null references gateway.organisations on delete cascade,
  -- Presets keep their key (box-office, marketing, manager, administrator); custom roles get a slug.
  key text not null,
  name text not null,
  preset boolean not null default false,
  permissions text[] not null,
  require_totp boolean not null default false,
  -- Shorter sessions for shared desk computers; null = the gateway's defaults (8 h idle, 24 h in all).
  idle_minutes integer check (idle_minutes between 5 and 1440),
  absolute_minutes integer check (absolute_minutes between 15 and 10080),
  created_at timestamptz not null default now(),
  unique (organisation_id, key),
  unique (organisation_id, name)
);

create table gateway.accounts (
  id bigserial primary key,
  organisation_id bigint not null references gateway.organisations on delete cascade,
  email text not null,
  display_name text not null,
  role_id bigint not null references gateway.roles,
  -- argon2id PHC string; null until the person sets one (or when they sign in with passkeys only).
  password_hash text,
  -- The TOTP secret, sealed like the API key; enabled once a code proved the enrolment.
  totp_secret_sealed bytea,
  totp_enabled_at timestamptz,
  -- The last 30-second step a code was accepted for: a code is never accepted twice.
  totp_last_step bigint,
  disabled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- One person, one email, across organisations: sign-in asks only for the email.
create unique index accounts_email on gateway.accounts (lower(email));

alter table gateway.organisations
  add constraint organisations_key_changed_by foreign key (key_changed_by) references gateway.accounts on delete set null;

create table gateway.passkeys (
  -- WebAuthn credential id, base64url.
  id text primary key,
  account_id bigint not null references gateway.accounts on delete cascade,
  public_key bytea not null,
  counter bigint not null default 0,
  transports text[] not null default '{}',
  device_type text,
  backed_up boolean not null default false,
  name text not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);
create index passkeys_account on gateway.passkeys (account_id);

create table gateway.sessions (
  -- SHA-256 of the random session id; the id itself exists only in the person's cookie.
  id_hash bytea primary key,
  account_id bigint not null references gateway.accounts on delete cascade,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  idle_expires_at timestamptz not null,
  absolute_expires_at timestamptz not null,
  -- How the person got in: password, password+totp, passkey, invitation, setup.
  method text not null,
  user_agent text,
  address text,
  ended_at timestamptz
);
create index sessions_account on gateway.sessions (account_id) where ended_at is null;

-- One-time links: invitations, password resets, the first administrator's setup, and the short-lived ticket
-- between a correct password and its TOTP code. Only a hash of the token is kept.
create table gateway.one_time_tokens (
  token_hash bytea primary key,
  kind text not null check (kind in ('invite', 'reset', 'setup', 'totp')),
  account_id bigint references gateway.accounts on delete cascade,
  expires_at timestamptz,
  used_at timestamptz,
  created_by bigint references gateway.accounts on delete set null,
  created_at timestamptz not null default now()
);
create index one_time_tokens_account on gateway.one_time_tokens (account_id) where used_at is null;

-- WebAuthn challenges, kept where every instance sees them: the options come from one instance, the answer
-- may reach another.
create table gateway.webauthn_challenges (
  id_hash bytea primary key,
  challenge text not null,
  purpose text not null check (purpose in ('register', 'authenticate')),
  account_id bigint references gateway.accounts on delete cascade,
  expires_at timestamptz not null
);

-- Failed sign-ins per key (an address, or an account's email) in fixed windows, shared by all instances.
create table gateway.sign_in_failures (
  key text primary key,
  window_started_at timestamptz not null,
  failures integer not null
);

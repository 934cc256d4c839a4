-- The buyer's screen (issue 31 item 5): a second monitor or a tablet at a sales point shows the buyer what the
-- seller is selling them. It signs in with a pairing code, not with a person's account: the code (hashed, single
-- use, minutes of life) becomes a display session of that one sales point, revocable from its settings. What
-- the screen shows lives here per sales point with a version, so a display served by another instance sees the
-- same; each change notifies, and the instances holding that sales point's streams read it again.

create table gateway.display_pairing_codes (
  id bigserial primary key,
  organisation_id bigint not null references gateway.organisations on delete cascade,
  sales_point_id bigint not null references gateway.sales_points on delete cascade,
  -- SHA-256 of the code as typed (upper case, no separators): a copy of the table pairs nothing.
  code_hash bytea not null unique,
  created_by bigint references gateway.accounts,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index display_pairing_codes_expired on gateway.display_pairing_codes (expires_at);

create table gateway.display_sessions (
  id bigserial primary key,
  organisation_id bigint not null references gateway.organisations on delete cascade,
  sales_point_id bigint not null references gateway.sales_points on delete cascade,
  -- SHA-256 of the cookie's token (256 random bits).
  token_hash bytea not null unique,
  -- The person whose code paired it, and what the device said it was, for the list in the settings.
  paired_by bigint references gateway.accounts,
  user_agent text,
  address text,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  revoked_at timestamptz
);
create index display_sessions_of_sales_point on gateway.display_sessions (sales_point_id) where revoked_at is null;

-- What the buyer's screen of a sales point shows now (contract: src/contract/display.ts), written by the seller
-- with the open shift there. `version` only grows: a stream sends a screen once, never an older one after a newer.
create table gateway.display_screens (
  sales_point_id bigint primary key references gateway.sales_points on delete cascade,
  organisation_id bigint not null references gateway.organisations on delete cascade,
  version bigint not null,
  screen jsonb not null check (jsonb_typeof(screen) = 'object'),
  -- After this the screen shows idle: a cart left behind, a thank-you that has been read.
  shown_until timestamptz not null,
  updated_at timestamptz not null default now()
);

-- Wakes the streams of a sales point (payload: its id) when its screen changes or one of its displays is revoked.
create function gateway.display_notify() returns trigger language plpgsql as $$
begin
  perform pg_notify('foyer_gateway_displays', new.sales_point_id::text);
  return new;
end
$$;
create trigger display_screens_notify after insert or update on gateway.display_screens
  for each row execute function gateway.display_notify();
create trigger display_sessions_notify after update of revoked_at on gateway.display_sessions
  for each row execute function gateway.display_notify();

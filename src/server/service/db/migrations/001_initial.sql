-- The reference service's data model. Money is integer cents; every instant is timestamptz and is shown
-- in the client's time zone. Every table that holds partner data carries client_id, and every query filters
-- on it: no partner data crosses clients.

create table clients (
  id            serial primary key,
  name          text not null unique,          -- the {client_name} path segment
  display_name  text not null,
  time_zone     text not null,                 -- IANA name, e.g. Europe/Amsterdam
  currency      text not null default 'EUR',
  api_key_hash  bytea not null unique          -- sha256 of the key; the key itself is never stored
);

-- The valid customer tags ("client types") of a client.
create table client_tags (
  client_id  int not null references clients(id),
  name       text not null,
  primary key (client_id, name)
);

create table halls (
  id          serial primary key,
  client_id   int not null references clients(id),
  name        text not null,
  address     text not null default '',
  zip         text not null default '',
  city        text not null default '',
  phone       text not null default '',
  url         text not null default '',
  -- 'reserved' halls have numbered seats; 'general' halls sell places up to a capacity.
  seating     text not null check (seating in ('reserved', 'general')),
  capacity    int not null check (capacity >= 0)
);
create index halls_client on halls (client_id);

-- Seat ranks (price categories) of a hall.
create table ranks (
  id        serial primary key,
  hall_id   int not null references halls(id),
  name      text not null,
  position  int not null
);
create index ranks_hall on ranks (hall_id);

create table sections (
  id        serial primary key,
  hall_id   int not null references halls(id),
  name      text not null,
  position  int not null
);
create index sections_hall on sections (hall_id);

create table seats (
  id          serial primary key,
  hall_id     int not null references halls(id),
  section_id  int not null references sections(id),
  row_nr      int not null,
  seat_nr     int not null,
  rank_id     int not null references ranks(id),
  -- Lower is better: "best available" picks the lowest quality first.
  quality     int not null,
  unique (section_id, row_nr, seat_nr)
);
create index seats_hall on seats (hall_id, section_id, row_nr, seat_nr);

create table productions (
  id          serial primary key,
  client_id   int not null references clients(id),
  title       text not null,
  artist      text,
  text        text not null default '',
  short_text  text not null default '',
  image       text,
  tags        text[] not null default '{}'
);
create index productions_client on productions (client_id);

-- A sub-event: one performance (or a product, voucher, pass ... sold as one).
create table events (
  id             serial primary key,
  client_id      int not null references clients(id),
  production_id  int not null references productions(id),
  hall_id        int not null references halls(id),
  name           text not null,
  text           text not null default '',
  short_text     text not null default '',
  url            text,
  image          text,
  event_type     text check (event_type in ('event', 'passepartout', 'voucher', 'combi', 'horeca', 'product')),
  tags           text[] not null default '{}',
  starts_at      timestamptz not null,
  ends_at        timestamptz,
  view_end_at    timestamptz,
  status         text not null default 'pub',   -- 'pub' published; 'draft', 'arch' internal
  max_per_order  int not null default 10 check (max_per_order > 0)
);
create index events_client_start on events (client_id, starts_at);
create index events_production on events (production_id);
create index events_hall on events (hall_id);

-- Base price of a rank for one event.
create table event_prices (
  event_id      int not null references events(id),
  rank_id       int not null references ranks(id),
  amount_cents  int not null check (amount_cents >= 0),
  primary key (event_id, rank_id)
);

-- Ticket types: the discount records of an event, each for one rank.
create table ticket_types (
  id                serial primary key,
  event_id          int not null references events(id),
  rank_id           int not null references ranks(id),
  name              text not null,
  discount_type     text not null check (discount_type in ('€', '%', '=')),
  -- cents for '€' and '=', basis points (1/100 %) for '%'
  discount_value    int not null check (discount_value >= 0),
  max_per_order     int,                 -- null: no limit of its own
  max_per_event     int,                 -- null: no limit of its own
  valid_from        timestamptz,         -- time-limited when set
  valid_until       timestamptz,
  required_tag      text,                -- only for customers holding this tag; never public
  position          int not null default 0
);
create index ticket_types_event on ticket_types (event_id);

-- Offline-reserved capacity of general-admission events, by block type.
create table event_blocks (
  event_id    int not null references events(id),
  block_type  text not null,
  count       int not null check (count >= 0),
  primary key (event_id, block_type)
);

create table customers (
  id             serial primary key,
  client_id      int not null references clients(id),
  external_id    text,
  email          text not null,
  salutation     text not null default '',
  first_name     text not null,
  last_name      text not null,
  preposition    text not null default '',
  address        text not null default '',
  house_nr       text not null default '',
  zip            text not null default '',
  city           text not null default '',
  country        text not null default '',
  phone          text not null default '',
  credit_cents   int not null default 0,
  custom1        text, custom2 text, custom3 text, custom4 text, custom5 text, custom6 text, custom7 text,
  prefs          jsonb,                 -- stored as received, legacy forms included; read-only in the API
  tags           text[] not null default '{}',
  last_changed   timestamptz not null default now()
);
create unique index customers_email on customers (client_id, lower(email));
create index customers_changed on customers (client_id, last_changed, id);

create table payment_methods (
  id          serial primary key,
  client_id   int not null references clients(id),
  name        text not null,
  fee_cents   int not null default 0,
  -- 'desk' methods are settled at the sales point (url null, order final at once); 'online' ones use the
  -- payment page.
  kind        text not null check (kind in ('desk', 'online')),
  -- Payment status a desk method leaves: 'paid' (cash, card) or 'pending' (invoice).
  desk_status text not null default 'paid' check (desk_status in ('paid', 'pending')),
  position    int not null default 0
);
create index payment_methods_client on payment_methods (client_id);

create table carts (
  id            text primary key,        -- >= 128 random bits, base64url: a capability
  client_id     int not null references clients(id),
  created_at    timestamptz not null default now(),
  -- When the holds of this cart lapse; null while it holds nothing.
  expires_at    timestamptz
);

create table cart_items (
  id              serial primary key,
  cart_id         text not null references carts(id) on delete cascade,
  item_type       text not null check (item_type in ('ticket', 'donation', 'voucher', 'product')),
  event_id        int references events(id),
  ticket_type_id  int references ticket_types(id),
  rank_id         int references ranks(id),
  seat_id         int references seats(id),   -- reserved seating: exactly one seat per item
  quantity        int not null default 1 check (quantity > 0),
  amount_cents    int not null,                -- price of the whole line
  description     text not null,
  created_at      timestamptz not null default now()
);
create index cart_items_cart on cart_items (cart_id);
create index cart_items_ticket_type on cart_items (ticket_type_id);

create table orders (
  id                 serial primary key,
  client_id          int not null references clients(id),
  order_key          text not null unique,
  customer_id        int references customers(id),
  status             text not null check (status in ('ord', 'cancel', 'reemit', 'reissue', 'res', 'pros', 'trash')),
  payment_status     text not null check (payment_status in ('none', 'pending', 'paid', 'partial', 'cancelled')),
  channel            text not null check (channel in ('www', 'sp')),
  payment_method_id  int references payment_methods(id),
  handling_text      text not null,
  discount_name      text,
  order_date         timestamptz not null,
  time_out           timestamptz,
  amount_cents       int not null,            -- total: lines + fee + donation
  fee_cents          int not null default 0,
  donation_cents     int not null default 0,
  last_changed       timestamptz not null,
  cart_id            text unique,             -- checkout is idempotent per cart
  redirect_url       text
);
create index orders_client_date on orders (client_id, order_date desc, id desc);
create index orders_client_changed on orders (client_id, last_changed, id);
create index orders_customer on orders (customer_id);

-- One row per ticket (or donation/voucher/product line) of an order.
create table order_seats (
  id              serial primary key,
  order_id        int not null references orders(id),
  item_type       text not null default 'ticket',
  event_id        int references events(id),
  seat_id         int references seats(id),
  rank_id         int references ranks(id),
  row_nr          int not null default 0,
  seat_nr         int not null default 0,
  amount_cents    int not null,
  ticket_type_id  int references ticket_types(id),
  price_name      text not null,
  deleted_at      timestamptz             -- removed from the order; kept for the audit trail
);
create index order_seats_order on order_seats (order_id);
create index order_seats_event on order_seats (event_id) where deleted_at is null;

-- The seat inventory: a row means the seat is taken for that event — held by a cart, sold to an order,
-- or blocked offline. The primary key is what makes selling a seat twice impossible.
create table seat_claims (
  event_id    int not null references events(id),
  seat_id     int not null references seats(id),
  state       text not null check (state in ('hold', 'sold', 'block')),
  cart_id     text references carts(id) on delete cascade,
  order_id    int references orders(id),
  block_type  text,
  -- Holds lapse at this instant; a lapsed hold may be taken over by anyone.
  expires_at  timestamptz,
  primary key (event_id, seat_id),
  check ((state = 'hold') = (cart_id is not null and expires_at is not null)),
  check ((state = 'block') = (block_type is not null))
);
create index seat_claims_cart on seat_claims (cart_id) where cart_id is not null;

create table waiting_list (
  id                 serial primary key,
  client_id          int not null references clients(id),
  customer_id        int not null references customers(id),
  event_id           int not null references events(id),
  number_of_tickets  int not null check (number_of_tickets > 0),
  type               text not null,           -- 'waiting', 'notified', 'converted', 'expired', 'cancelled'
  created_at         timestamptz not null,
  notified_at        timestamptz
);
create index waiting_list_client_created on waiting_list (client_id, created_at, id);

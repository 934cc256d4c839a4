-- Desk notes and flags (issue 30 item 4): what the team knows about a customer that the service has no field for.
-- Notes are free text with their author; flags come from a short list each organisation keeps (a label and a
-- severity: `info`, `caution`, or `stop` — a stop flag makes the seller confirm before checkout). Nothing here is
-- sent to the service. A deleted note is deleted: the audit trail keeps that it existed, never its text
-- (customer-notes/customer-notes-service.ts), so an anonymised customer leaves no desk note behind.

create table gateway.customer_flags (
  id bigserial primary key,
  organisation_id bigint not null references gateway.organisations on delete cascade,
  -- The default flags' key (`wheelchair`, `vip`, `check-id`, `do-not-sell`): the app names them in the reader's
  -- language while `label` is null (not renamed). Null for a flag the organisation added.
  preset text check (preset in ('wheelchair', 'vip', 'check-id', 'do-not-sell')),
  label text check (char_length(label) between 1 and 40 and label = btrim(label)),
  severity text not null check (severity in ('info', 'caution', 'stop')),
  -- A retired flag is offered and shown no more; the customers it was on keep it, should it come back.
  retired_at timestamptz,
  created_at timestamptz not null default now(),
  constraint customer_flags_named check (label is not null or preset is not null)
);
create unique index customer_flags_label on gateway.customer_flags (organisation_id, lower(label))
  where label is not null and retired_at is null;
create unique index customer_flags_preset on gateway.customer_flags (organisation_id, preset) where preset is not null;

-- Which flags are on which customer (of the mirror: customer ids as the service has them, no foreign key).
create table gateway.customer_flag_marks (
  organisation_id bigint not null references gateway.organisations on delete cascade,
  customer_id bigint not null,
  flag_id bigint not null references gateway.customer_flags on delete cascade,
  set_by bigint references gateway.accounts on delete set null,
  set_at timestamptz not null default now(),
  primary key (organisation_id, customer_id, flag_id)
);

create table gateway.customer_notes (
  id bigserial primary key,
  organisation_id bigint not null references gateway.organisations on delete cascade,
  customer_id bigint not null,
  text text not null check (char_length(text) between 1 and 2000),
  -- The author's account (null once it is deleted) and name at the time, so the note still says who wrote it.
  author_id bigint references gateway.accounts on delete set null,
  author_name text not null,
  created_at timestamptz not null default now(),
  edited_at timestamptz
);
create index customer_notes_customer on gateway.customer_notes (organisation_id, customer_id, created_at desc, id desc);

-- Every organisation starts with the four flags a venue's desk needs most: those of today here, those connected
-- later by the trigger (so no code path that connects one can forget them).
create function gateway.seed_customer_flags() returns trigger language plpgsql as $$
begin
  insert into gateway.customer_flags (organisation_id, preset, severity)
  values (new.id, 'wheelchair', 'info'), (new.id, 'vip', 'info'), (new.id, 'check-id', 'caution'),
         (new.id, 'do-not-sell', 'stop')
  on conflict do nothing;
  return new;
end
$$;
create trigger organisations_seed_customer_flags after insert on gateway.organisations
  for each row execute function gateway.seed_customer_flags();

insert into gateway.customer_flags (organisation_id, preset, severity)
select o.id, p.preset, p.severity
  from gateway.organisations o
 cross join (values ('wheelchair', 'info'), ('vip', 'info'), ('check-id', 'caution'), ('do-not-sell', 'stop'))
       as p (preset, severity)
on conflict do nothing;

-- The scanner and the quick walk-in sale (issue 31 items 4 and 6).
--
-- A scanned customer card is the customer's `customerExternalId` (spec 2.7), kept in the mirrored Customer's body:
-- this index finds it in one probe, as mirror_customers_email does for a scanned email and
-- mirror_orders_key_prefix (010) for a scanned order key.
create index mirror_customers_card on gateway.mirror_customers (organisation_id, (body ->> 'customerExternalId'))
  where body ->> 'customerExternalId' is not null;

-- The organisation's walk-in customer: checkout needs a customer, so a sale to "walk-in" is made to one customer
-- created once through the service. The row is claimed before the service is asked (claim_token, claimed_at), so
-- two sellers at once create one customer: the other waits for customer_id. A claim left by a process that died
-- before it finished may be taken over once it is stale (walk-in-store.ts).
create table gateway.walk_in_customers (
  organisation_id bigint primary key references gateway.organisations on delete cascade,
  customer_id bigint,
  claim_token text not null,
  claimed_at timestamptz not null default now(),
  created_at timestamptz
);

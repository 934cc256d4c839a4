-- Customer search (issue 21): every gateway instance keeps the organisation's search index in memory
-- (gateway/customer-search), fed from gateway.mirror_customers, and before it answers a search it reads what
-- changed in the mirror since it last looked, so a change made through any instance is found on every one.
--
-- "Since it last looked" is kept by transaction id, not by time: each row carries the id of the transaction
-- that wrote it last, and a reader remembers the oldest transaction still running when it read (the xmin of
-- its snapshot). Everything it could not see then was written by that transaction or a later one, so the next
-- read asks for change_xid >= that xmin. A timestamp would lose the rows of a transaction that began before
-- the reader's last look and committed after it.

alter table gateway.mirror_customers add column change_xid bigint not null default 0;

create function gateway.mirror_customers_change_xid() returns trigger
language plpgsql as $$
begin
  new.change_xid := pg_current_xact_id()::text::bigint;
  return new;
end
$$;

-- Whoever writes the mirror (the sync, a write through the gateway, a test), the id is set.
create trigger mirror_customers_change_xid
  before insert or update on gateway.mirror_customers
  for each row execute function gateway.mirror_customers_change_xid();

create index mirror_customers_change on gateway.mirror_customers (organisation_id, change_xid, customer_id);

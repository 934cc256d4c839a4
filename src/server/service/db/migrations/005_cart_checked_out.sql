-- A checked-out cart says so on its own row, so that locking it (select … for update) also reads whether
-- it was checked out: a waiting lock re-reads the row it locked, but not other tables. One query instead
-- of two on every add and checkout. orders.cart_id (unique) still decides that a cart makes one order.
alter table carts add column checked_out boolean not null default false;
update carts set checked_out = true where id in (select cart_id from orders where cart_id is not null);

create function mark_carts_checked_out() returns trigger language plpgsql as $$
begin
  update carts set checked_out = true where id in (select cart_id from new_rows where cart_id is not null);
  return null;
end
$$;
create trigger orders_check_out_carts after insert on orders
  referencing new table as new_rows for each statement execute function mark_carts_checked_out();

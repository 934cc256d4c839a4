-- A partner sale's add and checkout in one statement each (issue 32). The usual add (a named seat) went
-- as BEGIN + the cart's lock + the hold + the cart's extension in one round trip and COMMIT in a second,
-- the checkout likewise: the decision to roll back (a checked-out or lapsed cart, a seat not held, a
-- catalog that moved) was made in TypeScript between them. Here each is one function, called as one
-- statement in its own implicit transaction (one round trip, COMMIT included): whatever the function
-- finds that is not the plain case raises FY001, which rolls everything back, and the service then takes
-- its usual path (domain/cart-items.ts, domain/checkout.ts), which decides and names the error exactly as
-- before. The statements the two paths share are functions here too, so each is written once:
-- hold_named_seats (holds.ts), extend_cart (carts.ts) and make_order (checkout.ts).

-- Holds given seats of one event for a cart and adds their cart lines (holds.ts, holdNamedSeats, says how).
create function hold_named_seats(
  p_seats jsonb, p_hall_id int, p_event_id int, p_cart_id text, p_expires_at timestamptz, p_now timestamptz
) returns table (n int, rank_id int, row_nr int, seat_nr int, held boolean) language plpgsql as $$
#variable_conflict use_column
begin
  return query
  with wanted as (
    select * from jsonb_to_recordset(p_seats)
      as w(n int, seat_id int, rank_id int, ticket_type_id int, price_cents int, label text)
  ), seat as (
    -- Each seat looked up by its key (a lateral subquery with a limit is never turned into a hash join
    -- over the whole hall, whatever the estimate of the JSON record set).
    select w.n, w.rank_id as wanted_rank, w.ticket_type_id, w.price_cents, w.label,
           s.id, s.rank_id, s.row_nr, s.seat_nr
      from wanted w
     cross join lateral (
       select s.id, s.rank_id, s.row_nr, s.seat_nr from seats s where s.id = w.seat_id and s.hall_id = p_hall_id limit 1
     ) as s
  ), claimed as (
    insert into seat_claims as c (event_id, seat_id, state, cart_id, expires_at)
    select p_event_id, id, 'hold', p_cart_id, p_expires_at from seat where rank_id = wanted_rank order by id
    on conflict (event_id, seat_id) do update
       set state = 'hold', cart_id = excluded.cart_id, order_id = null, block_type = null,
           expires_at = excluded.expires_at
     where c.state = 'hold' and c.expires_at <= p_now
    returning c.seat_id
  ), line as (
    insert into cart_items (cart_id, item_type, event_id, ticket_type_id, rank_id, seat_id, quantity, amount_cents,
      description, created_at)
    select p_cart_id, 'ticket', p_event_id, s.ticket_type_id, s.wanted_rank, s.id, 1, s.price_cents,
           s.label || ' – row ' || s.row_nr || ', seat ' || s.seat_nr, p_now
      from seat s join claimed c on c.seat_id = s.id
     order by s.n
    returning cart_items.seat_id
  )
  select w.n::int, s.rank_id, s.row_nr, s.seat_nr, exists (select 1 from line l where l.seat_id = w.seat_id)
    from wanted w left join seat s on s.n = w.n
   order by w.n;
end $$;

-- After an add: the cart and its holds lapse at p_expires_at, items whose seat the cart no longer holds are
-- dropped, and the cart's lines are returned (carts.ts, extendCart, says why each part is as it is).
create type cart_line as (
  id int, item_type text, event_id int, ticket_type_id int, rank_id int, seat_id int, quantity int,
  amount_cents int, description text, event_name text, starts_at timestamptz, hall_name text, rank_name text,
  price_name text, section_name text, row_nr int, seat_nr int
);

create function extend_cart(p_cart_id text, p_expires_at timestamptz) returns setof cart_line
language plpgsql as $$
begin
  return query
  with cart as (update carts set expires_at = p_expires_at where carts.id = p_cart_id),
       holds as (
         update seat_claims set expires_at = p_expires_at
          where seat_claims.cart_id = p_cart_id and state = 'hold' and expires_at is distinct from p_expires_at),
       dropped as (
         delete from cart_items ci
          where ci.cart_id = p_cart_id and ci.seat_id is not null
            and not exists (select 1 from seat_claims c
                             where c.event_id = ci.event_id and c.seat_id = ci.seat_id and c.cart_id = p_cart_id)
         returning ci.id),
       -- As cart-views.ts, cartItemsOfCart and CART_LINES_SELECT.
       cart_items_of_cart as materialized (select * from cart_items where cart_id = p_cart_id)
  select ci.id, ci.item_type, ci.event_id, ci.ticket_type_id, ci.rank_id, ci.seat_id, ci.quantity,
         ci.amount_cents, ci.description, e.name, e.starts_at, h.name, r.name, t.name, sec.name, s.row_nr, s.seat_nr
    from cart_items_of_cart ci
    left join lateral (select name, starts_at, hall_id from events where events.id = ci.event_id limit 1) e on true
    left join lateral (select name from halls where halls.id = e.hall_id limit 1) h on true
    left join lateral (select name from ranks where ranks.id = ci.rank_id limit 1) r on true
    left join lateral (select name from ticket_types where ticket_types.id = ci.ticket_type_id limit 1) t on true
    left join lateral (select row_nr, seat_nr, section_id from seats where seats.id = ci.seat_id limit 1) s on true
    left join lateral (select name from sections where sections.id = s.section_id limit 1) sec on true
   where ci.id not in (select d.id from dropped d)
   order by ci.id;
end $$;

-- Makes the order of a locked cart (checkout.ts, insertOrder, says how): the order, its seats sold, its
-- lines, the cart emptied. id is null when the cart already has an order; sold counts the seats sold to it.
create function make_order(
  p_client_id int, p_order_key text, p_customer_id int, p_status text, p_payment_status text, p_channel text,
  p_method_id int, p_handling_text text, p_now timestamptz, p_fee_cents int, p_cart_id text, p_redirect_url text,
  p_payment_due_at timestamptz
) returns table (id int, sold int) language plpgsql as $$
#variable_conflict use_column
begin
  return query
  with cart_items_of_cart as materialized (select * from cart_items where cart_items.cart_id = p_cart_id),
  new_order as (
    insert into orders (client_id, order_key, customer_id, status, payment_status, channel, payment_method_id,
      handling_text, discount_name, order_date, time_out, amount_cents, fee_cents, donation_cents, last_changed,
      cart_id, redirect_url, payment_due_at)
    values (p_client_id, p_order_key, p_customer_id, p_status, p_payment_status, p_channel, p_method_id,
            p_handling_text, null, p_now, p_payment_due_at,
            (select coalesce(sum(amount_cents), 0) from cart_items_of_cart) + p_fee_cents, p_fee_cents,
            (select coalesce(sum(amount_cents), 0) from cart_items_of_cart where item_type = 'donation'),
            p_now, p_cart_id, p_redirect_url, p_payment_due_at)
    on conflict (cart_id) do nothing
    returning orders.id
  ), sold as (
    update seat_claims set state = 'sold', order_id = (select o.id from new_order o), cart_id = null, expires_at = null
     where seat_claims.cart_id = p_cart_id and state = 'hold' and exists (select 1 from new_order)
    returning 1
  ), lines as (
    insert into order_seats (order_id, item_type, event_id, seat_id, rank_id, row_nr, seat_nr, amount_cents,
      ticket_type_id, price_name)
    select o.id, ci.item_type, ci.event_id, ci.seat_id, ci.rank_id, coalesce(s.row_nr, 0), coalesce(s.seat_nr, 0),
           ci.amount_cents / ci.quantity, ci.ticket_type_id, coalesce(t.name, ci.description)
      from new_order o
     cross join cart_items_of_cart ci
     cross join lateral generate_series(1, ci.quantity) as g(n)
      left join lateral (select row_nr, seat_nr from seats where seats.id = ci.seat_id limit 1) s on true
      left join lateral (select name from ticket_types where ticket_types.id = ci.ticket_type_id limit 1) t on true
     where ci.item_type <> 'donation'
     order by ci.id, g.n
  ), emptied as (
    delete from cart_items where cart_items.cart_id = p_cart_id and exists (select 1 from new_order)
  ), closed as (
    update carts set expires_at = null where carts.id = p_cart_id and exists (select 1 from new_order)
  )
  select (select o.id from new_order o), (select count(*) from sold)::int;
end $$;

-- The plain partner add (cart-items.ts, addNamedSeatsAtOnce): named seats of one event at plain prices, the
-- catalog at the version the caller read them at. Locks the cart, holds the seats and extends the cart;
-- returns the cart's lines. FY001 when the cart is unknown, checked out or lapsed, the catalog moved, or a
-- seat is not held: the usual path then decides.
create function partner_add_named_seats(
  p_client_id int, p_cart_id text, p_catalog_version text, p_event_id int, p_hall_id int, p_seats jsonb,
  p_expires_at timestamptz, p_now timestamptz
) returns setof cart_line language plpgsql as $$
declare
  v_cart record;
begin
  select k.expires_at, k.checked_out, (select v.n from catalog_version v)::text as catalog_version
    into v_cart
    from carts k where k.id = p_cart_id and k.client_id = p_client_id for update;
  if not found or v_cart.checked_out or v_cart.expires_at <= p_now or v_cart.catalog_version <> p_catalog_version then
    raise exception 'take the usual path' using errcode = 'FY001';
  end if;
  if exists (select 1 from hold_named_seats(p_seats, p_hall_id, p_event_id, p_cart_id, p_expires_at, p_now) h
              where not h.held) then
    raise exception 'take the usual path' using errcode = 'FY001';
  end if;
  return query select * from extend_cart(p_cart_id, p_expires_at);
end $$;

-- The plain partner checkout (checkout.ts, checkoutAtOnce): a current cart with lines that need no count
-- under an event's lock, a known customer with every tag its prices require, a known payment method.
-- Returns the order made and whether its method is paid online. FY001 otherwise, or when a seat of the
-- cart is no longer held: the usual path then decides (and returns the order of a checked-out cart).
create function partner_checkout(
  p_client_id int, p_cart_id text, p_customer_id int, p_method_id int, p_order_key text, p_channel text,
  p_redirect_url text, p_now timestamptz, p_payment_window_seconds int
) returns table (order_id int, online boolean) language plpgsql as $$
declare
  v_cart record;
  v_tags text[];
  v_method record;
  v_lines record;
  v_made record;
begin
  select k.expires_at, k.checked_out into v_cart
    from carts k where k.id = p_cart_id and k.client_id = p_client_id for update;
  if not found or v_cart.checked_out or v_cart.expires_at <= p_now then
    raise exception 'take the usual path' using errcode = 'FY001';
  end if;
  select cu.tags into v_tags from customers cu where cu.client_id = p_client_id and cu.id = p_customer_id;
  if not found then
    raise exception 'take the usual path' using errcode = 'FY001';
  end if;
  select m.name, m.fee_cents, m.kind, m.desk_status into v_method
    from payment_methods m where m.client_id = p_client_id and m.id = p_method_id;
  if not found then
    raise exception 'take the usual path' using errcode = 'FY001';
  end if;
  -- The lines as checkout.ts reads them (checkoutLines): what needsRecount and checkLines look at.
  with ci as materialized (select * from cart_items where cart_items.cart_id = p_cart_id)
  select count(*) as total, count(ci.seat_id) as seats,
         count(*) filter (where ci.event_id is not null
                            and ((ci.item_type = 'ticket' and h.seating = 'general')
                                 or (ci.ticket_type_id is not null and t.max_per_event is not null))) as recount,
         count(*) filter (where t.required_tag is not null and not (t.required_tag = any(v_tags))) as untagged
    into v_lines
    from ci
    left join lateral (select hall_id from events where events.id = ci.event_id limit 1) e on true
    left join lateral (select seating from halls where halls.id = e.hall_id limit 1) h on true
    left join lateral (select required_tag, max_per_event from ticket_types where ticket_types.id = ci.ticket_type_id
                        limit 1) t on true;
  if v_lines.total = 0 or v_lines.recount > 0 or v_lines.untagged > 0 then
    raise exception 'take the usual path' using errcode = 'FY001';
  end if;
  select * into v_made from make_order(
    p_client_id, p_order_key, p_customer_id,
    case when v_method.kind = 'desk' then 'ord' else 'res' end,
    case when v_method.kind = 'desk' then v_method.desk_status else 'none' end,
    p_channel, p_method_id, v_method.name, p_now, v_method.fee_cents, p_cart_id, p_redirect_url,
    case when v_method.kind = 'desk' then null else p_now + make_interval(secs => p_payment_window_seconds) end);
  -- No order made (the cart has one, which the lock should have shown), or a seat no longer held.
  if v_made.id is null or v_made.sold <> v_lines.seats then
    raise exception 'take the usual path' using errcode = 'FY001';
  end if;
  return query select v_made.id, v_method.kind = 'online';
end $$;

import type { Queryable } from '../db/database';
import { liveClaimCondition } from '../service/domain/availability';
import { at } from '../service/domain/selling-transaction';

/**
 * The inventory invariants selling must never break, checked over the whole database. Returns one
 * readable line per violation; [] when everything holds. Tests call it after every scenario.
 *
 * 1. Every sold seat belongs to exactly one non-deleted line of its order, and every non-deleted line
 *    with a seat is backed by that order's sold claim.
 * 2. Every order's total equals its non-deleted lines plus fee and donation.
 * 3. No hold outlives its cart: a hold lapses at the same instant as its cart; every seat line of a live
 *    cart is held by that cart (nothing lost).
 * 4. General admission: orders + live carts + blocks never exceed the capacity.
 * 5. Per-event discount maxima: live carts + order lines never exceed them.
 */
export async function checkInventoryInvariants(db: Queryable, now: Date = new Date()): Promise<string[]> {
  const violations: string[] = [];
  const report = async (label: string, sql: string, params: unknown[] = []) => {
    const { rows } = await db.query<Record<string, unknown>>(`${sql} limit 20`, params);
    for (const row of rows) violations.push(`${label}: ${JSON.stringify(row)}`);
  };

  await report(
    'sold seat without exactly one order line',
    `select c.event_id, c.seat_id, c.order_id, count(os.id)::int as lines
       from seat_claims c
       left join order_seats os on os.order_id = c.order_id and os.event_id = c.event_id and os.seat_id = c.seat_id
                               and os.deleted_at is null
      where c.state = 'sold'
      group by c.event_id, c.seat_id, c.order_id
     having count(os.id) <> 1`,
  );
  await report(
    'order line without its sold seat',
    `select os.id, os.order_id, os.event_id, os.seat_id
       from order_seats os
      where os.seat_id is not null and os.deleted_at is null
        and not exists (select 1 from seat_claims c where c.event_id = os.event_id and c.seat_id = os.seat_id
                          and c.state = 'sold' and c.order_id = os.order_id)`,
  );
  await report(
    'order total is not lines + fee + donation',
    `select o.id, o.amount_cents, o.fee_cents, o.donation_cents, coalesce(l.total, 0)::int as lines
       from orders o
       left join (select order_id, sum(amount_cents) as total from order_seats where deleted_at is null group by order_id) l
              on l.order_id = o.id
      where o.amount_cents <> coalesce(l.total, 0) + o.fee_cents + o.donation_cents`,
  );
  await report(
    'hold outlives its cart',
    `select c.event_id, c.seat_id, c.cart_id, c.expires_at, k.expires_at as cart_expires_at
       from seat_claims c left join carts k on k.id = c.cart_id
      where c.state = 'hold' and (k.id is null or k.expires_at is distinct from c.expires_at)`,
  );
  await report(
    'seat line of a live cart not held by it',
    `select ci.id, ci.cart_id, ci.event_id, ci.seat_id
       from cart_items ci join carts k on k.id = ci.cart_id
      where ci.seat_id is not null and k.expires_at > $1::timestamptz
        and not exists (select 1 from seat_claims c where c.event_id = ci.event_id and c.seat_id = ci.seat_id
                          and c.state = 'hold' and c.cart_id = ci.cart_id)`,
    [at(now)],
  );
  await report(
    'seat held by two lines',
    `select ci.event_id, ci.seat_id, count(*)::int as lines
       from cart_items ci join carts k on k.id = ci.cart_id
      where ci.seat_id is not null and k.expires_at > $1::timestamptz
      group by ci.event_id, ci.seat_id having count(*) > 1`,
    [at(now)],
  );
  await report(
    'general admission over capacity',
    `select e.id as event_id, h.capacity,
            (coalesce((select count(*) from order_seats os where os.event_id = e.id and os.item_type = 'ticket'
                         and os.deleted_at is null), 0)
             + coalesce((select sum(ci.quantity) from cart_items ci join carts k on k.id = ci.cart_id
                          where ci.event_id = e.id and ci.item_type = 'ticket' and k.expires_at > $1::timestamptz), 0)
             + coalesce((select sum(b.count) from event_blocks b where b.event_id = e.id), 0))::int as taken
       from events e join halls h on h.id = e.hall_id
      where h.seating = 'general'
        and (coalesce((select count(*) from order_seats os where os.event_id = e.id and os.item_type = 'ticket'
                         and os.deleted_at is null), 0)
             + coalesce((select sum(ci.quantity) from cart_items ci join carts k on k.id = ci.cart_id
                          where ci.event_id = e.id and ci.item_type = 'ticket' and k.expires_at > $1::timestamptz), 0)
             + coalesce((select sum(b.count) from event_blocks b where b.event_id = e.id), 0)) > h.capacity`,
    [at(now)],
  );
  await report(
    'discount over its per-event maximum',
    `select t.id as ticket_type_id, t.max_per_event, u.used::int as used
       from ticket_types t
       join (select ticket_type_id, sum(n) as used from (
               select ci.ticket_type_id, ci.quantity as n from cart_items ci join carts k on k.id = ci.cart_id
                where ci.ticket_type_id is not null and ci.item_type = 'ticket' and k.expires_at > $1::timestamptz
               union all
               select os.ticket_type_id, 1 from order_seats os where os.ticket_type_id is not null and os.deleted_at is null
             ) parts group by ticket_type_id) u on u.ticket_type_id = t.id
      where t.max_per_event is not null and u.used > t.max_per_event`,
    [at(now)],
  );
  await report(
    'reserved seat live-claimed outside its hall',
    `select c.event_id, c.seat_id from seat_claims c join events e on e.id = c.event_id join seats s on s.id = c.seat_id
      where s.hall_id <> e.hall_id and ${liveClaimCondition('$1')}`,
    [at(now)],
  );
  return violations;
}

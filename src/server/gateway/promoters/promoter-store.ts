import { LAST_ORDERS, type ProductionOrder } from '@/contract/promoter';
import { SOLD_STATUSES } from '@/contract/reports';
import type { Queryable } from '../../db/database';

/**
 * The promoter dashboard's statements. They read the mirror's orders, seats and customers themselves (not
 * through mirror/index.ts): each figure is one statement joining the three over a production's few events by
 * the seats' event index, where the mirror's reads would take a round trip per table.
 */

const sold = [...SOLD_STATUSES];
const num = (value: unknown) => Number(value ?? 0);

/** Sold seats and their amount per event. */
export async function soldPerEvent(
  db: Queryable,
  organisationId: number,
  eventIds: readonly number[],
): Promise<Map<number, { tickets: number; amountCents: number }>> {
  const { rows } = await db.query<{ event_id: string; tickets: string; amount: string }>(
    `select s.event_id, count(*) as tickets, sum(s.amount_cents) as amount
       from gateway.mirror_order_seats s
       join gateway.mirror_orders o on o.organisation_id = s.organisation_id and o.order_id = s.order_id
      where s.organisation_id = $1 and s.event_id = any($2::bigint[]) and not s.deleted
        and o.order_status = any($3)
      group by s.event_id`,
    [organisationId, eventIds, sold],
  );
  return new Map(
    rows.map((row) => [Number(row.event_id), { tickets: num(row.tickets), amountCents: num(row.amount) }]),
  );
}

/** Sold seats and their amount per order day and channel, oldest day first. */
export async function soldPerDayAndChannel(db: Queryable, organisationId: number, eventIds: readonly number[]) {
  const { rows } = await db.query<{ day: string; channel: string; tickets: string; amount: string }>(
    `select to_char(o.order_day, 'YYYY-MM-DD') as day, o.channel, count(*) as tickets, sum(s.amount_cents) as amount
       from gateway.mirror_order_seats s
       join gateway.mirror_orders o on o.organisation_id = s.organisation_id and o.order_id = s.order_id
      where s.organisation_id = $1 and s.event_id = any($2::bigint[]) and not s.deleted
        and o.order_status = any($3) and o.order_day is not null
      group by o.order_day, o.channel order by o.order_day, o.channel`,
    [organisationId, eventIds, sold],
  );
  return rows.map((row) => ({
    day: row.day,
    channel: row.channel,
    tickets: num(row.tickets),
    amountCents: num(row.amount),
  }));
}

/** The latest orders with a seat of the events (any status), with their seats of them; the buyer's email or not. */
export async function latestOrders(
  db: Queryable,
  organisationId: number,
  eventIds: readonly number[],
  withEmail: boolean,
): Promise<ProductionOrder[]> {
  const { rows } = await db.query<{
    order_id: string;
    order_date: Date;
    channel: string;
    order_status: string;
    tickets: string;
    amount: string;
    buyer_name: string | null;
    email: string | null;
  }>(
    `with latest as (
       select o.order_id, o.order_date, o.channel, o.order_status, o.customer_id
         from gateway.mirror_orders o
        where o.organisation_id = $1 and exists (
          select 1 from gateway.mirror_order_seats s
           where s.organisation_id = o.organisation_id and s.order_id = o.order_id and s.event_id = any($2::bigint[]))
        order by o.order_date desc, o.order_id desc
        limit $3)
     select l.order_id, l.order_date, l.channel, l.order_status,
            (select count(*) from gateway.mirror_order_seats s where s.organisation_id = $1 and s.order_id = l.order_id
                and s.event_id = any($2::bigint[]) and not s.deleted) as tickets,
            (select coalesce(sum(s.amount_cents), 0) from gateway.mirror_order_seats s
              where s.organisation_id = $1 and s.order_id = l.order_id and s.event_id = any($2::bigint[])
                and not s.deleted) as amount,
            nullif(concat_ws(' ', nullif(c.body ->> 'customerFirstName', ''), nullif(c.body ->> 'customerPreposition', ''),
              nullif(c.body ->> 'customerLastName', '')), '') as buyer_name,
            c.email
       from latest l
       left join gateway.mirror_customers c on c.organisation_id = $1 and c.customer_id = l.customer_id
      order by l.order_date desc, l.order_id desc`,
    [organisationId, eventIds, LAST_ORDERS],
  );
  return rows.map((row) => ({
    orderId: Number(row.order_id),
    orderDate: new Date(row.order_date).toISOString(),
    channel: row.channel,
    orderStatus: row.order_status,
    tickets: num(row.tickets),
    amountCents: num(row.amount),
    buyerName: row.buyer_name,
    buyerEmail: withEmail ? row.email : null,
  }));
}

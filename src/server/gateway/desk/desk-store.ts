import type { Queryable } from '../../db/database';

/**
 * What the desk reads of the organisation's mirror (issue 21): the desk has no tables of its own. One query
 * instead of a page of the service's order list per 50 orders changed in the period.
 */

/** An open order as mirrored, with its customer's mirrored record (null when not mirrored). */
export interface MirroredOpenOrder {
  body: Record<string, unknown>;
  customer: unknown;
}

/**
 * The reservations (status `res`) changed since `since`, and with `withOnline` also the webshop's orders whose
 * payment status is one of `awaitingPayment`, in the order the queue shows them. The SQL narrows by the same
 * fields the contract's predicates read; those decide.
 */
export async function openOrderCandidates(
  db: Queryable,
  organisationId: number,
  query: { since: string; withOnline: boolean; awaitingPayment: readonly string[] },
): Promise<MirroredOpenOrder[]> {
  const { rows } = await db.query<MirroredOpenOrder>(
    `select o.body, c.body as customer
       from gateway.mirror_orders o
       left join gateway.mirror_customers c on c.organisation_id = o.organisation_id and c.customer_id = o.customer_id
      where o.organisation_id = $1 and o.last_changed >= $2::date
        and (o.order_status = 'res' or ($3 and o.channel = 'www' and o.payment_status = any($4::text[])))
      order by o.time_out nulls last, o.order_id`,
    [organisationId, query.since, query.withOnline, query.awaitingPayment],
  );
  return rows;
}

/** Whether the mirror holds the order as an open reservation (status `res`) of the organisation. */
export async function isOpenReservation(db: Queryable, organisationId: number, orderId: number): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from gateway.mirror_orders where organisation_id = $1 and order_id = $2 and order_status = 'res'`,
    [organisationId, orderId],
  );
  return rows.length > 0;
}

import type { Queryable } from '../../db/database';

/**
 * One customer's orders (with their lines) and waiting-list entries as the mirror holds them: what a privacy
 * request hands over (privacy/), and what stays for the books when the customer is anonymised.
 */

export interface MirroredCustomerOrder {
  orderId: number;
  orderKey: string;
  orderStatus: string;
  paymentStatus: string;
  channel: string;
  paymentMethod: string;
  orderDate: string;
  lastChanged: string;
  amountCents: number;
  lines: {
    deleted: boolean;
    eventId: number;
    rowNr: number;
    seatNr: number;
    amountCents: number;
    priceName: string;
  }[];
}

/** The customer's orders, oldest first, each with its seats and removed seats (in line order). */
export async function ordersOfCustomer(
  db: Queryable,
  organisationId: number,
  customerId: number,
): Promise<MirroredCustomerOrder[]> {
  const { rows } = await db.query<{
    order_id: string;
    order_key: string;
    order_status: string;
    payment_status: string;
    channel: string;
    payment_method: string;
    order_date: Date;
    last_changed: Date;
    amount_cents: string;
    lines:
      | {
          deleted: boolean;
          event_id: number;
          row_nr: number;
          seat_nr: number;
          amount_cents: number;
          price_name: string;
        }[]
      | null;
  }>(
    `select o.order_id, o.order_key, o.order_status, o.payment_status, o.channel, o.payment_method, o.order_date,
            o.last_changed, o.amount_cents,
            (select json_agg(json_build_object('deleted', s.deleted, 'event_id', s.event_id, 'row_nr', s.row_nr,
                                               'seat_nr', s.seat_nr, 'amount_cents', s.amount_cents,
                                               'price_name', s.price_name) order by s.deleted, s.line_no)
               from gateway.mirror_order_seats s
              where s.organisation_id = o.organisation_id and s.order_id = o.order_id) as lines
       from gateway.mirror_orders o
      where o.organisation_id = $1 and o.customer_id = $2
      order by o.order_date, o.order_id`,
    [organisationId, customerId],
  );
  return rows.map((row) => ({
    orderId: Number(row.order_id),
    orderKey: row.order_key,
    orderStatus: row.order_status,
    paymentStatus: row.payment_status,
    channel: row.channel,
    paymentMethod: row.payment_method,
    orderDate: new Date(row.order_date).toISOString(),
    lastChanged: new Date(row.last_changed).toISOString(),
    amountCents: Number(row.amount_cents),
    lines: (row.lines ?? []).map((line) => ({
      deleted: line.deleted,
      eventId: Number(line.event_id),
      rowNr: Number(line.row_nr),
      seatNr: Number(line.seat_nr),
      amountCents: Number(line.amount_cents),
      priceName: line.price_name,
    })),
  }));
}

export interface MirroredCustomerWaitingEntry {
  waitingId: number;
  eventId: number;
  numberOfTickets: number;
  type: string;
  createdAt: string;
  notifiedAt: string | null;
}

/** The customer's waiting-list entries, oldest first. */
export async function waitingListOfCustomer(
  db: Queryable,
  organisationId: number,
  customerId: number,
): Promise<MirroredCustomerWaitingEntry[]> {
  const { rows } = await db.query<{
    waiting_id: string;
    event_id: string;
    number_of_tickets: number;
    type: string;
    created_at: Date;
    notified_at: Date | null;
  }>(
    `select waiting_id, event_id, number_of_tickets, type, created_at, notified_at from gateway.mirror_waiting_list
      where organisation_id = $1 and customer_id = $2 order by created_at, waiting_id`,
    [organisationId, customerId],
  );
  return rows.map((row) => ({
    waitingId: Number(row.waiting_id),
    eventId: Number(row.event_id),
    numberOfTickets: row.number_of_tickets,
    type: row.type,
    createdAt: new Date(row.created_at).toISOString(),
    notifiedAt: row.notified_at ? new Date(row.notified_at).toISOString() : null,
  }));
}

import type { Customer } from '@/contract/customer';
import type { Order, OrderExport, OrderSeat } from '@/contract/order';
import type { PublicOrderStatus } from '@/contract/public-order';
import type { Queryable } from '../../db/database';
import type { Client } from '../context';
import { NotFoundError } from '../errors';
import type { PreparedPage } from '../prepared-responses';
import { customersKey, ordersKey } from './change-counters';
import { type PageFilter, type PageOf, pageOfClientRows, preparedListingPage } from './exports';
import { centsToNumber } from './money';
import { zonedIso } from './zoned-timestamps';

export const ORDER_NOT_FOUND = 'Order not found';

interface OrderRow {
  id: number;
  order_key: string;
  customer_id: number | null;
  status: string;
  payment_status: string;
  channel: string;
  handling_text: string;
  discount_name: string | null;
  order_date: Date;
  time_out: Date | null;
  amount_cents: number;
  fee_cents: number;
  donation_cents: number;
  last_changed: Date;
}

const ORDER_COLUMNS = `id, order_key, customer_id, status, payment_status, channel, handling_text, discount_name,
  order_date, time_out, amount_cents, fee_cents, donation_cents, last_changed`;

interface OrderLineRow {
  id: number;
  seat_id: number | null;
  event_id: number;
  rank_id: number | null;
  row_nr: number;
  seat_nr: number;
  amount_cents: number;
  ticket_type_id: number | null;
  price_name: string;
  deleted: boolean;
}

function toOrder(row: OrderRow, timeZone: string): Order {
  return {
    orderId: row.id,
    orderKey: row.order_key,
    customerId: row.customer_id,
    orderStatus: row.status,
    orderPaymentStatus: row.payment_status,
    orderDate: zonedIso(row.order_date, timeZone),
    timeOut: row.time_out ? zonedIso(row.time_out, timeZone) : null,
    amount: centsToNumber(row.amount_cents),
    donation: centsToNumber(row.donation_cents),
    lastChanged: zonedIso(row.last_changed, timeZone),
    handlingTextPayment: row.handling_text,
    discountName: row.discount_name,
  };
}

/**
 * A line as spec 2.11 lists it. Reserved seats carry the hall seat id; general-admission places have no
 * seat, so the order line's own id stands in (rowNr and seatNr are 0 there).
 */
function toOrderSeat(row: OrderLineRow): OrderSeat {
  return {
    seatId: row.seat_id ?? row.id,
    eventId: row.event_id,
    rankId: row.rank_id ?? 0,
    rowNr: row.row_nr,
    seatNr: row.seat_nr,
    amount: centsToNumber(row.amount_cents),
    priceId: row.ticket_type_id === null ? '' : String(row.ticket_type_id),
    priceName: row.price_name,
  };
}

/**
 * What each listed order carries for the export fields, read in the page's own statement (ListingSpec.attached):
 * its lines as a JSON array and its customer's export form. Lines without an event (a donation line, should one
 * exist) are not seats; the donation is the order's `donation`. Lines and customer by index (`order_id`, primary
 * key), so the plan never depends on statistics; a customer of another client is never attached.
 */
const attachedExportFields = (client: string) => `
  (select json_agg(l order by l.id)
     from (select id, seat_id, event_id, rank_id, row_nr, seat_nr, amount_cents, ticket_type_id, price_name,
                  deleted_at is not null as deleted
             from order_seats where order_id = page.id and event_id is not null) l) as lines,
  (select c.export_json::json from customers c where c.id = page.customer_id and c.client_id = ${client}) as customer`;

/** A listed order with what attachedExportFields reads. */
interface OrderWithExportFields extends OrderRow {
  lines: OrderLineRow[] | null;
  customer: Customer | null;
}

function withExportFields(orders: OrderWithExportFields[], timeZone: string): OrderExport[] {
  return orders.map(({ lines, customer, ...order }) => {
    const seats: OrderSeat[] = [];
    const deletedSeats: OrderSeat[] = [];
    for (const line of lines ?? []) (line.deleted ? deletedSeats : seats).push(toOrderSeat(line));
    return {
      ...toOrder(order, timeZone),
      orderChannel: order.channel,
      fee: centsToNumber(order.fee_cents),
      seats,
      deletedSeats,
      user: order.customer_id === null ? null : customer,
    };
  });
}

export async function getOrder(db: Queryable, client: Client, orderId: number): Promise<Order> {
  const { rows } = await db.query<OrderRow>(`select ${ORDER_COLUMNS} from orders where client_id = $1 and id = $2`, [
    client.id,
    orderId,
  ]);
  if (!rows[0]) throw new NotFoundError(ORDER_NOT_FOUND);
  return toOrder(rows[0], client.timeZone);
}

/** `GET /partner/order`: newest first (order_date, then id, descending — the orders_client_date index). */
export async function listOrders(
  db: Queryable,
  client: Client,
  filter: PageFilter,
  version?: string,
): Promise<PageOf<OrderExport>> {
  const page = await pageOfClientRows<OrderWithExportFields>(
    db,
    {
      table: 'orders',
      columns: ORDER_COLUMNS,
      changedColumn: 'last_changed',
      sortColumn: 'order_date',
      descending: true,
      changeKey: ordersKey,
      attached: attachedExportFields,
    },
    client.id,
    filter,
    version,
  );
  return { total: page.total, rows: withExportFields(page.rows, client.timeZone) };
}

/** `POST /partner/export/orders`: by (last_changed, id) ascending, stable for incremental sync. */
export async function exportOrders(
  db: Queryable,
  client: Client,
  filter: PageFilter,
  version?: string,
): Promise<PageOf<OrderExport>> {
  const page = await pageOfClientRows<OrderWithExportFields>(
    db,
    {
      table: 'orders',
      columns: ORDER_COLUMNS,
      changedColumn: 'last_changed',
      sortColumn: 'last_changed',
      changeKey: ordersKey,
      attached: attachedExportFields,
    },
    client.id,
    filter,
    version,
  );
  return { total: page.total, rows: withExportFields(page.rows, client.timeZone) };
}

/**
 * A page of orders as prepared JSON (preparedListingPage), reused while the client's orders, order lines and
 * customers are unchanged: the page, its lines and customers, and the `count(*)` over 50,000 orders are
 * then not read again.
 */
function preparedOrderPage(
  db: Queryable,
  client: Client,
  filter: PageFilter,
  listing: 'list' | 'export',
  load: (db: Queryable, client: Client, filter: PageFilter, version?: string) => Promise<PageOf<OrderExport>>,
): Promise<PreparedPage<OrderExport>> {
  const key = `orders-${listing}:${client.id}:${filter.page}:${filter.changedSince?.getTime() ?? ''}`;
  const changeKeys = [ordersKey(client.id), customersKey(client.id)];
  return preparedListingPage(db, { key, changeKeys, filter }, async (version) => {
    const { total, rows } = await load(db, client, filter, version);
    return { total, rowCount: rows.length, dataJson: JSON.stringify(rows) };
  });
}

/** `GET /partner/order` as a prepared page (see preparedOrderPage). */
export function listOrdersPrepared(
  db: Queryable,
  client: Client,
  filter: PageFilter,
): Promise<PreparedPage<OrderExport>> {
  return preparedOrderPage(db, client, filter, 'list', listOrders);
}

/** `POST /partner/export/orders` as a prepared page (see preparedOrderPage). */
export function exportOrdersPrepared(
  db: Queryable,
  client: Client,
  filter: PageFilter,
): Promise<PreparedPage<OrderExport>> {
  return preparedOrderPage(db, client, filter, 'export', exportOrders);
}

/**
 * Public order status (spec 2.6). `seats` lists the order's lines that are not deleted — tickets, and
 * vouchers or products (told apart by `event_type`); `order_tickets_nr` counts the tickets among them.
 * The tickets and receipt pages are served by the same service, so their URLs share the request's origin.
 */
export async function getPublicOrderStatus(
  db: Queryable,
  client: Client,
  orderKey: string,
  origin: string,
): Promise<PublicOrderStatus> {
  const { rows } = await db.query<{ id: number; payment_status: string }>(
    'select id, payment_status from orders where client_id = $1 and order_key = $2',
    [client.id, orderKey],
  );
  const order = rows[0];
  if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
  const lines = await db.query<{
    id: number;
    seat_id: number | null;
    item_type: string;
    event_name: string;
    event_type: string | null;
  }>(
    `select os.id, os.seat_id, os.item_type, e.name as event_name, e.event_type
       from order_seats os join events e on e.id = os.event_id
      where os.order_id = $1 and os.deleted_at is null
      order by os.id`,
    [order.id],
  );
  const base = `${origin}/v1/${encodeURIComponent(client.name)}`;
  const key = encodeURIComponent(orderKey);
  return {
    order_payment_status: order.payment_status,
    order_tickets_nr: lines.rows.filter((line) => line.item_type === 'ticket').length,
    order_tickets_url: `${base}/tickets/${key}`,
    order_receipt_url: `${base}/receipt/${key}`,
    seats: lines.rows.map((line) => ({
      seat_id: line.seat_id ?? line.id,
      event_name: line.event_name,
      event_type: line.event_type,
    })),
  };
}

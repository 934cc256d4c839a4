import {
  type Charts,
  type Choices,
  type GroupTotals,
  type OrderFilter,
  REPORT_PAGE_SIZE,
  type ReportGrouping,
  type ReportRow,
  type ReportSort,
  type ReportTotals,
} from '../../../contract/reports';
import type { Queryable } from '../../service/db/database';

/**
 * The order analysis as queries on the organisation's mirror (gateway.mirror_orders and its seats): totals,
 * a page of rows, totals per group, the filter choices and the chart series, each one statement over the
 * period's orders. Amounts are integer cents throughout.
 */

/** A WHERE clause over `gateway.mirror_orders o`, with its parameters ($1 is the organisation). */
export interface OrderWhere {
  sql: string;
  params: unknown[];
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** The customer's name as people write it, from the mirrored Customer (its JSON). */
export const CUSTOMER_NAME_SQL = `concat_ws(' ', nullif(c.body ->> 'customerFirstName', ''),
  nullif(c.body ->> 'customerPreposition', ''), nullif(c.body ->> 'customerLastName', ''))`;

export function orderWhere(organisationId: number, filter: OrderFilter): OrderWhere {
  const params: unknown[] = [organisationId, filter.from, filter.to];
  const clauses = ['o.organisation_id = $1', 'o.order_day between $2::date and $3::date'];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(sql(`$${params.length}`));
  };
  if (filter.status) add((n) => `o.order_status = ${n}`, filter.status);
  if (filter.payment) add((n) => `o.payment_status = ${n}`, filter.payment);
  if (filter.channel) add((n) => `o.channel = ${n}`, filter.channel);
  // A method may be '' (orders without one): only an absent parameter means "any".
  if (filter.method !== undefined) add((n) => `o.payment_method = ${n}`, filter.method);
  if (filter.day) add((n) => `o.order_day = ${n}::date`, filter.day);
  const seatWith = (column: string) => (n: string) =>
    `exists (select 1 from gateway.mirror_order_seats s where s.organisation_id = o.organisation_id
       and s.order_id = o.order_id and not s.deleted and s.${column} = ${n})`;
  if (filter.event !== undefined) add(seatWith('event_id'), filter.event);
  if (filter.price !== undefined) add(seatWith('price_name'), filter.price);
  const q = filter.q?.trim();
  if (q) {
    if (/^\d{1,15}$/.test(q)) {
      add((n) => `(o.order_id = ${n}::bigint or o.customer_id = ${n}::bigint)`, q);
    } else {
      add(
        (n) => `(o.order_key like ${n} || '%' or o.customer_id in (
          select c.customer_id from gateway.mirror_customers c
           where c.organisation_id = $1 and (lower(c.email) like '%' || lower(${n}) || '%'
             or lower(${CUSTOMER_NAME_SQL}) like '%' || lower(${n}) || '%')))`,
        escapeLike(q),
      );
    }
  }
  return { sql: clauses.join(' and '), params };
}

const num = (value: unknown) => Number(value ?? 0);

interface TotalsRow {
  orders: number;
  revenue: string | number;
  fee: string | number;
  donation: string | number;
  tickets: string | number;
}

const totalsOf = (row: TotalsRow | undefined): ReportTotals => ({
  orders: num(row?.orders),
  revenueCents: num(row?.revenue),
  feeCents: num(row?.fee),
  donationCents: num(row?.donation),
  tickets: num(row?.tickets),
});

/** Seats of the orders in `f` (a CTE of order ids), per order. */
const TICKETS_PER_ORDER = `t as (
  select s.order_id, count(*) as n from gateway.mirror_order_seats s join f using (order_id)
   where s.organisation_id = $1 and not s.deleted group by s.order_id)`;

export async function orderTotals(db: Queryable, where: OrderWhere): Promise<ReportTotals> {
  const { rows } = await db.query<TotalsRow>(
    `with f as (select o.order_id, o.amount_cents, o.fee_cents, o.donation_cents
                  from gateway.mirror_orders o where ${where.sql})
     select (select count(*)::int from f) as orders,
            (select coalesce(sum(amount_cents), 0) from f) as revenue,
            (select coalesce(sum(fee_cents), 0) from f) as fee,
            (select coalesce(sum(donation_cents), 0) from f) as donation,
            (select count(*) from gateway.mirror_order_seats s join f using (order_id)
              where s.organisation_id = $1 and not s.deleted) as tickets`,
    where.params,
  );
  return totalsOf(rows[0]);
}

const ORDER_BY: Record<ReportSort, string> = {
  'date-desc': 'o.order_date desc, o.order_id desc',
  'date-asc': 'o.order_date, o.order_id',
  'amount-desc': 'o.amount_cents desc, o.order_id desc',
  'amount-asc': 'o.amount_cents, o.order_id',
  id: 'o.order_id',
};

interface ListedRow {
  order_id: string;
  order_key: string;
  order_date: Date | string;
  order_date_text: string;
  last_changed_text: string;
  order_status: string;
  payment_status: string;
  channel: string;
  payment_method: string;
  amount_cents: string;
  fee_cents: string;
  donation_cents: string;
  tickets: string;
  customer_id: string | null;
  customer_name: string | null;
  email: string | null;
  event_ids?: string | null;
}

/** The SELECT of listed orders (with their seat count and customer), for the page and the CSV. */
function listedOrdersSql(where: string, sort: ReportSort, limit: string, withEvents = false): string {
  const events = withEvents
    ? `, (select string_agg(distinct s.event_id::text, ' ') from gateway.mirror_order_seats s
           where s.organisation_id = o.organisation_id and s.order_id = o.order_id and not s.deleted) as event_ids`
    : '';
  return `select o.order_id, o.order_key, o.order_date, o.body ->> 'orderDate' as order_date_text,
                 o.body ->> 'lastChanged' as last_changed_text, o.order_status, o.payment_status, o.channel,
                 o.payment_method, o.amount_cents, o.fee_cents, o.donation_cents,
                 (select count(*) from gateway.mirror_order_seats s
                   where s.organisation_id = o.organisation_id and s.order_id = o.order_id and not s.deleted) as tickets,
                 o.customer_id, ${CUSTOMER_NAME_SQL} as customer_name, c.email${events}
            from gateway.mirror_orders o
            left join gateway.mirror_customers c on c.organisation_id = o.organisation_id and c.customer_id = o.customer_id
           where ${where}
           order by ${ORDER_BY[sort]} ${limit}`;
}

const reportRowOf = (row: ListedRow): ReportRow => ({
  orderId: Number(row.order_id),
  orderKey: row.order_key,
  orderDate: row.order_date_text,
  lastChanged: row.last_changed_text,
  status: row.order_status,
  payment: row.payment_status,
  channel: row.channel,
  method: row.payment_method,
  amountCents: num(row.amount_cents),
  feeCents: num(row.fee_cents),
  donationCents: num(row.donation_cents),
  tickets: num(row.tickets),
  customerId: row.customer_id === null ? null : Number(row.customer_id),
  customerName: row.customer_name ?? '',
  email: row.email ?? '',
});

export async function orderRows(
  db: Queryable,
  where: OrderWhere,
  sort: ReportSort,
  page: number,
): Promise<ReportRow[]> {
  const { rows } = await db.query<ListedRow>(
    listedOrdersSql(where.sql, sort, `limit ${REPORT_PAGE_SIZE} offset ${(page - 1) * REPORT_PAGE_SIZE}`),
    where.params,
  );
  return rows.map(reportRowOf);
}

/** Each sort's key as a row value, and whether it runs downwards: the CSV reads on from the last row it wrote. */
const KEYSET: Record<ReportSort, { columns: string; descending: boolean; of: (row: ListedRow) => unknown[] }> = {
  'date-desc': { columns: '(o.order_date, o.order_id)', descending: true, of: (r) => [r.order_date, r.order_id] },
  'date-asc': { columns: '(o.order_date, o.order_id)', descending: false, of: (r) => [r.order_date, r.order_id] },
  'amount-desc': { columns: '(o.amount_cents, o.order_id)', descending: true, of: (r) => [r.amount_cents, r.order_id] },
  'amount-asc': { columns: '(o.amount_cents, o.order_id)', descending: false, of: (r) => [r.amount_cents, r.order_id] },
  id: { columns: '(o.order_id, o.order_id)', descending: false, of: (r) => [r.order_id, r.order_id] },
};

export type ExportedRow = ReportRow & { eventIds: string };

/**
 * Every filtered order in the sort's order, in batches, each read from where the last one ended (keyset):
 * memory and time stay flat however long the list, as they would not with OFFSET.
 */
export async function* listedOrderBatches(
  db: Queryable,
  where: OrderWhere,
  sort: ReportSort,
  batch = 2000,
): AsyncGenerator<ExportedRow[]> {
  const keyset = KEYSET[sort];
  let after: unknown[] | null = null;
  for (;;) {
    const params = after ? [...where.params, ...after] : where.params;
    const n = where.params.length;
    const from = after
      ? `${where.sql} and ${keyset.columns} ${keyset.descending ? '<' : '>'} ($${n + 1}, $${n + 2}::bigint)`
      : where.sql;
    const { rows }: { rows: ListedRow[] } = await db.query<ListedRow>(
      listedOrdersSql(from, sort, `limit ${batch}`, true),
      params,
    );
    if (rows.length > 0) yield rows.map((row) => ({ ...reportRowOf(row), eventIds: row.event_ids ?? '' }));
    if (rows.length < batch) return;
    after = keyset.of(rows[rows.length - 1] as ListedRow);
  }
}

const ORDER_COLUMN: Partial<Record<ReportGrouping, string>> = {
  status: 'o.order_status',
  payment: 'o.payment_status',
  channel: 'o.channel',
  method: 'o.payment_method',
  day: `to_char(o.order_day, 'YYYY-MM-DD')`,
};

interface GroupRow extends TotalsRow {
  key: string;
}

const groupOf = (row: GroupRow): GroupTotals => ({ key: row.key, ...totalsOf(row) });

/**
 * Totals per value of the grouping. By event or price name an order counts in every group it has seats in,
 * with the price of those seats as revenue (fees and donations belong to the order, so they are 0 there).
 * Groups come by revenue, highest first; days in calendar order.
 */
export async function groupTotals(
  db: Queryable,
  where: OrderWhere,
  grouping: Exclude<ReportGrouping, 'none'>,
  limit?: number,
): Promise<GroupTotals[]> {
  const column = ORDER_COLUMN[grouping];
  const order = grouping === 'day' ? 'key' : 'revenue desc, key';
  const limited = limit ? `limit ${limit}` : '';
  const sql = column
    ? `with f as (select o.order_id, ${column} as key, o.amount_cents, o.fee_cents, o.donation_cents
                    from gateway.mirror_orders o where ${where.sql}),
            ${TICKETS_PER_ORDER}
       select f.key, count(*)::int as orders, sum(f.amount_cents) as revenue, sum(f.fee_cents) as fee,
              sum(f.donation_cents) as donation, coalesce(sum(t.n), 0) as tickets
         from f left join t using (order_id)
        group by f.key order by ${order} ${limited}`
    : `with f as (select o.order_id from gateway.mirror_orders o where ${where.sql})
       select s.${grouping === 'event' ? 'event_id::text' : 'price_name'} as key,
              count(distinct s.order_id)::int as orders, sum(s.amount_cents) as revenue, 0 as fee, 0 as donation,
              count(*) as tickets
         from gateway.mirror_order_seats s join f using (order_id)
        where s.organisation_id = $1 and not s.deleted
        group by 1 order by ${order} ${limited}`;
  const { rows } = await db.query<GroupRow>(sql, where.params);
  return rows.map(groupOf);
}

/** The values the period's orders have (whatever the other filters), most frequent first. */
export async function choicesOf(db: Queryable, organisationId: number, from: string, to: string): Promise<Choices> {
  const params = [organisationId, from, to];
  const period = 'o.organisation_id = $1 and o.order_day between $2::date and $3::date';
  const [columns, seats] = await Promise.all([
    db.query<{ field: string; value: string; count: number }>(
      `select case grouping(o.order_status) when 0 then 'status' else case grouping(o.payment_status)
                when 0 then 'payment' else case grouping(o.channel) when 0 then 'channel' else 'method' end end end
              as field,
              coalesce(o.order_status, o.payment_status, o.channel, o.payment_method) as value, count(*)::int as count
         from gateway.mirror_orders o where ${period}
        group by grouping sets ((o.order_status), (o.payment_status), (o.channel), (o.payment_method))`,
      params,
    ),
    db.query<{ field: string; value: string; count: number }>(
      `select case grouping(s.event_id) when 0 then 'event' else 'price' end as field,
              coalesce(s.event_id::text, s.price_name) as value, count(*)::int as count
         from gateway.mirror_order_seats s
         join gateway.mirror_orders o on o.organisation_id = s.organisation_id and o.order_id = s.order_id
        where s.organisation_id = $1 and not s.deleted and o.order_day between $2::date and $3::date
        group by grouping sets ((s.event_id), (s.price_name))`,
      params,
    ),
  ]);
  const choices: Choices = { status: [], payment: [], channel: [], method: [], event: [], price: [] };
  for (const row of [...columns.rows, ...seats.rows]) {
    choices[row.field as keyof Choices].push({ value: row.value, count: row.count });
  }
  for (const list of Object.values(choices)) {
    list.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  }
  return choices;
}

export async function chartsOf(db: Queryable, where: OrderWhere): Promise<Charts> {
  const perDay = await db.query<{ day: string; channel: string; orders: number; revenue: string }>(
    `select to_char(o.order_day, 'YYYY-MM-DD') as day, o.channel, count(*)::int as orders,
            sum(o.amount_cents) as revenue
       from gateway.mirror_orders o where ${where.sql}
      group by o.order_day, o.channel order by o.order_day, o.channel`,
    where.params,
  );
  return {
    perDay: perDay.rows.map((row) => ({
      day: row.day,
      channel: row.channel,
      orders: row.orders,
      revenueCents: num(row.revenue),
    })),
    byStatus: await groupTotals(db, where, 'status'),
    byChannel: await groupTotals(db, where, 'channel'),
    byMethod: await groupTotals(db, where, 'method'),
    topEvents: await groupTotals(db, where, 'event', 10),
    byPrice: await groupTotals(db, where, 'price'),
  };
}

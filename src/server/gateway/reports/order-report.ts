import {
  type Charts,
  type Choices,
  type GroupTotals,
  NO_METHOD_LABELS,
  type OrderFilter,
  REPORT_PAGE_SIZE,
  type ReportGrouping,
  type ReportRow,
  type ReportSort,
  type ReportTotals,
  SOLD_STATUSES,
  UNPAID_STATUSES,
} from '@/contract/reports';
import type { Queryable } from '../../db/database';

/**
 * The order analysis as queries on the organisation's mirror: totals, totals per group, the filter choices
 * and the chart series from its daily rollups (report-rollups.ts) — sums over a few thousand rows however
 * many orders the period has — and the rows themselves (a page, or all of them for the CSV) from the
 * mirrored orders. A text search, or an event and a price name together, is answered from the orders too:
 * the rollups cannot tell which orders match those. Amounts are integer cents throughout.
 *
 * Revenue, fees and donations are those of sold orders (SOLD_STATUSES) alone: a manager reads "Omzet" as money
 * taken, so a reservation, an offer, a cancelled or a deleted order counts as an order but adds no money. A
 * reservation or offer without a payment method (UNPAID_STATUSES: the service's handlingTextPayment names the
 * status there, NO_METHOD_LABELS) has method '' throughout: filter, groups, rows and CSV.
 */

const quoted = (values: readonly string[]) => `(${values.map((value) => `'${value}'`).join(', ')})`;

/** Whether the order (or rollup row) `alias` is sold: the condition its amounts count in revenue under. */
export const soldSql = (alias: string) => `${alias}.order_status in ${quoted(SOLD_STATUSES)}`;

/** The sum of a money column of `alias`, over its sold orders only (their status in `statusOf`). */
const soldSum = (alias: string, column: string, statusOf = alias) =>
  `coalesce(sum(${alias}.${column}) filter (where ${soldSql(statusOf)}), 0)`;

/** The payment method of the order (or rollup row) `alias`: '' for a reservation or offer that names none. */
export const methodSql = (alias: string) =>
  `(case when ${alias}.order_status in ${quoted(UNPAID_STATUSES)} and ${alias}.payment_method in ${quoted(NO_METHOD_LABELS)} then '' else ${alias}.payment_method end)`;

/** A WHERE clause over `gateway.mirror_orders o`, with its parameters ($1 is the organisation). */
export interface OrderWhere {
  sql: string;
  params: unknown[];
  /** For a scoped person: the condition on a seat `s` that keeps only their events' seats (else ''). */
  seatsWithin: string;
  /** The money of an order `o` as the reader sees it (cents): a scoped person's is that of their seats only. */
  money: OrderMoney;
}

interface OrderMoney {
  amount: string;
  fee: string;
  donation: string;
}

const WHOLE_ORDER: OrderMoney = { amount: 'o.amount_cents', fee: 'o.fee_cents', donation: 'o.donation_cents' };

/**
 * A scoped person's money of an order `o`, as role-scopes' orderWithinEvents cuts an exported order: the amount of
 * its seats in scope (`seatsWithin`; the removed ones only when the order keeps no seat at all), no fee and no
 * donation, which are the order's and not a show's (a promoter's totals counted another production's tour shirts).
 */
const moneyWithin = (seatsWithin: string): OrderMoney => ({
  amount: `(case when exists (select 1 from gateway.mirror_order_seats k
                               where k.organisation_id = o.organisation_id and k.order_id = o.order_id and not k.deleted)
                 then (select coalesce(sum(s.amount_cents), 0) from gateway.mirror_order_seats s
                        where s.organisation_id = o.organisation_id and s.order_id = o.order_id and not s.deleted
                          ${seatsWithin})
                 else (select coalesce(sum(s.amount_cents), 0) from gateway.mirror_order_seats s
                        where s.organisation_id = o.organisation_id and s.order_id = o.order_id and s.deleted
                          ${seatsWithin}) end)`,
  fee: '0',
  donation: '0',
});

/** The columns amount_cents, fee_cents and donation_cents of an order `o`, as `money` has them. */
const moneyColumns = (money: OrderMoney) =>
  `${money.amount} as amount_cents, ${money.fee} as fee_cents, ${money.donation} as donation_cents`;

/**
 * The analysis's filter, and for a person of a scoped role the events they see (role-scopes/): then only
 * orders with a seat of those events count, and by event or price only those events' seats.
 */
export type ScopedFilter = OrderFilter & {
  withinEvents?: readonly number[] | null;
  /** A reader without customers:contact: the text search matches buyers' names, never their emails. */
  buyerNamesOnly?: boolean;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** The customer's name as people write it, from the mirrored Customer (its JSON). */
export const CUSTOMER_NAME_SQL = `concat_ws(' ', nullif(c.body ->> 'customerFirstName', ''),
  nullif(c.body ->> 'customerPreposition', ''), nullif(c.body ->> 'customerLastName', ''))`;

export function orderWhere(organisationId: number, filter: ScopedFilter): OrderWhere {
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
  if (filter.method !== undefined) add((n) => `${methodSql('o')} = ${n}`, filter.method);
  if (filter.day) add((n) => `o.order_day = ${n}::date`, filter.day);
  const seatWith = (column: string) => (n: string) =>
    `exists (select 1 from gateway.mirror_order_seats s where s.organisation_id = o.organisation_id
       and s.order_id = o.order_id and not s.deleted and s.${column} = ${n})`;
  // An event's orders are few next to the period's: their ids first (the seats' event index), then the
  // orders by key, rather than walking the period's orders by date looking for them.
  if (filter.event !== undefined) {
    add(
      (n) => `o.order_id = any(array(select s.order_id from gateway.mirror_order_seats s
         where s.organisation_id = $1 and s.event_id = ${n} and not s.deleted))`,
      filter.event,
    );
  }
  if (filter.price !== undefined) add(seatWith('price_name'), filter.price);
  let seatsWithin = '';
  if (filter.withinEvents) {
    add(
      (n) => `o.order_id = any(array(select s.order_id from gateway.mirror_order_seats s
         where s.organisation_id = $1 and s.event_id = any(${n}::bigint[])))`,
      filter.withinEvents,
    );
    seatsWithin = `and s.event_id = any($${params.length}::bigint[])`;
  }
  const q = filter.q?.trim();
  if (q) {
    if (/^\d{1,15}$/.test(q)) {
      add((n) => `(o.order_id = ${n}::bigint or o.customer_id = ${n}::bigint)`, q);
    } else {
      // The matching orders' ids first — those of the customers whose name or email holds the text (by the
      // customer index) and those whose key starts with it (by the key index) — then the period's orders by
      // id, rather than testing every order of the period against the customers. A reader who may not see
      // emails matches names only: a hit on an email would tell whose it is.
      params.push(`%${escapeLike(q.toLowerCase())}%`, `${escapeLike(q)}%`);
      const [held, keyPrefix] = [`$${params.length - 1}`, `$${params.length}`];
      clauses.push(`o.order_id = any(array(
        select k.order_id from gateway.mirror_orders k
         where k.organisation_id = $1 and k.customer_id in (
           select c.customer_id from gateway.mirror_customers c
            where c.organisation_id = $1 and (${filter.buyerNamesOnly ? '' : `lower(c.email) like ${held} or `}lower(${CUSTOMER_NAME_SQL}) like ${held}))
        union all
        select k.order_id from gateway.mirror_orders k where k.organisation_id = $1 and k.order_key like ${keyPrefix}))`);
    }
  }
  return {
    sql: clauses.join(' and '),
    params,
    seatsWithin,
    money: seatsWithin ? moneyWithin(seatsWithin) : WHOLE_ORDER,
  };
}

/**
 * The same filter over a rollup table `r` (report_order_days, or report_event_days / report_price_days,
 * which have the order columns too): `needs` is the rollup an event or price filter requires.
 */
export interface RollupWhere {
  sql: string;
  params: unknown[];
  needs: 'order' | 'event' | 'price';
}

/** The filter's WHERE over the rollups; null when only the orders themselves can answer it. */
export function rollupWhere(organisationId: number, filter: ScopedFilter): RollupWhere | null {
  // The rollups sum whole orders of the organisation: a scope's cut is answered from the orders.
  if (filter.withinEvents || filter.q?.trim() || (filter.event !== undefined && filter.price !== undefined)) {
    return null;
  }
  const params: unknown[] = [organisationId, filter.from, filter.to];
  const clauses = ['r.organisation_id = $1', 'r.order_day between $2::date and $3::date'];
  const add = (column: string, value: unknown, cast = '') => {
    params.push(value);
    clauses.push(`${column.includes('.') ? column : `r.${column}`} = $${params.length}${cast}`);
  };
  if (filter.status) add('order_status', filter.status);
  if (filter.payment) add('payment_status', filter.payment);
  if (filter.channel) add('channel', filter.channel);
  if (filter.method !== undefined) add(methodSql('r'), filter.method);
  if (filter.day) add('order_day', filter.day, '::date');
  if (filter.event !== undefined) add('event_id', filter.event, '::bigint');
  if (filter.price !== undefined) add('price_name', filter.price);
  const needs = filter.event !== undefined ? 'event' : filter.price !== undefined ? 'price' : 'order';
  return { sql: clauses.join(' and '), params, needs };
}

/** A filter as both: over the orders (always possible) and over the rollups (when they can answer it). */
export interface ReportScope {
  orders: OrderWhere;
  rollup: RollupWhere | null;
}

export const reportScope = (organisationId: number, filter: ScopedFilter): ReportScope => ({
  orders: orderWhere(organisationId, filter),
  rollup: rollupWhere(organisationId, filter),
});

const ROLLUP_TABLE = {
  order: 'gateway.report_order_days',
  event: 'gateway.report_event_days',
  price: 'gateway.report_price_days',
} as const;

/** The order sums of a rollup row set (each order counted once per row it is in). */
const ROLLUP_SUMS = `coalesce(sum(r.orders), 0)::int as orders, ${soldSum('r', 'amount_cents')} as revenue,
  ${soldSum('r', 'fee_cents')} as fee, ${soldSum('r', 'donation_cents')} as donation,
  coalesce(sum(r.tickets), 0) as tickets`;

/** By event or price name: the seats of that key, not the orders' sums (fees and donations are the orders'). */
const SEAT_SUMS = `coalesce(sum(r.orders), 0)::int as orders, ${soldSum('r', 'seat_revenue_cents')} as revenue,
  0 as fee, 0 as donation, coalesce(sum(r.seat_tickets), 0) as tickets`;

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

/** Seats of the orders in `f` (a CTE of order ids), per order: a scoped person's own only (`seatsWithin`). */
const ticketsPerOrder = (seatsWithin: string) => `t as (
  select s.order_id, count(*) as n from gateway.mirror_order_seats s join f using (order_id)
   where s.organisation_id = $1 and not s.deleted ${seatsWithin} group by s.order_id)`;

export async function orderTotals(db: Queryable, scope: ReportScope): Promise<ReportTotals> {
  const { rollup } = scope;
  if (rollup) {
    const { rows } = await db.query<TotalsRow>(
      `select ${ROLLUP_SUMS} from ${ROLLUP_TABLE[rollup.needs]} r where ${rollup.sql}`,
      rollup.params,
    );
    return totalsOf(rows[0]);
  }
  const where = scope.orders;
  const { rows } = await db.query<TotalsRow>(
    `with f as (select o.order_id, o.order_status, ${moneyColumns(where.money)}
                  from gateway.mirror_orders o where ${where.sql})
     select (select count(*)::int from f) as orders,
            (select ${soldSum('f', 'amount_cents')} from f) as revenue,
            (select ${soldSum('f', 'fee_cents')} from f) as fee,
            (select ${soldSum('f', 'donation_cents')} from f) as donation,
            (select count(*) from gateway.mirror_order_seats s join f using (order_id)
              where s.organisation_id = $1 and not s.deleted ${where.seatsWithin}) as tickets`,
    where.params,
  );
  return totalsOf(rows[0]);
}

/** The ORDER BY of a sort, by the order's amount as the reader sees it (`amount`). */
const orderBy = (sort: ReportSort, amount: string) =>
  ({
    'date-desc': 'o.order_date desc, o.order_id desc',
    'date-asc': 'o.order_date, o.order_id',
    'amount-desc': `${amount} desc, o.order_id desc`,
    'amount-asc': `${amount}, o.order_id`,
    id: 'o.order_id',
  })[sort];

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
function listedOrdersSql(where: OrderWhere, sort: ReportSort, limit: string, withEvents = false): string {
  const { seatsWithin, money } = where;
  const events = withEvents
    ? `, (select string_agg(distinct s.event_id::text, ' ') from gateway.mirror_order_seats s
           where s.organisation_id = o.organisation_id and s.order_id = o.order_id and not s.deleted ${seatsWithin})
         as event_ids`
    : '';
  const order = orderBy(sort, money.amount);
  // The orders of the page first (by an index where the sort has one), then their seats and customers: the
  // per-order look-ups run for the listed orders only.
  return `select o.order_id, o.order_key, o.order_date, o.body ->> 'orderDate' as order_date_text,
                 o.body ->> 'lastChanged' as last_changed_text, o.order_status, o.payment_status, o.channel,
                 ${methodSql('o')} as payment_method, ${moneyColumns(money)},
                 (select count(*) from gateway.mirror_order_seats s
                   where s.organisation_id = o.organisation_id and s.order_id = o.order_id and not s.deleted
                     ${seatsWithin}) as tickets,
                 o.customer_id, ${CUSTOMER_NAME_SQL} as customer_name, c.email${events}
            from (select o.* from gateway.mirror_orders o where ${where.sql} order by ${order} ${limit}) o
            left join gateway.mirror_customers c on c.organisation_id = o.organisation_id and c.customer_id = o.customer_id
           order by ${order}`;
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
    listedOrdersSql(where, sort, `limit ${REPORT_PAGE_SIZE} offset ${(page - 1) * REPORT_PAGE_SIZE}`),
    where.params,
  );
  return rows.map(reportRowOf);
}

/** Each sort's key as a row value, and whether it runs downwards: the CSV reads on from the last row it wrote. */
interface Keyset {
  columns: string;
  descending: boolean;
  of: (row: ListedRow) => unknown[];
}

const keysetOf = (sort: ReportSort, amount: string): Keyset => {
  const keysets: Record<ReportSort, Keyset> = {
    'date-desc': { columns: '(o.order_date, o.order_id)', descending: true, of: (r) => [r.order_date, r.order_id] },
    'date-asc': { columns: '(o.order_date, o.order_id)', descending: false, of: (r) => [r.order_date, r.order_id] },
    'amount-desc': { columns: `(${amount}, o.order_id)`, descending: true, of: (r) => [r.amount_cents, r.order_id] },
    'amount-asc': { columns: `(${amount}, o.order_id)`, descending: false, of: (r) => [r.amount_cents, r.order_id] },
    id: { columns: '(o.order_id, o.order_id)', descending: false, of: (r) => [r.order_id, r.order_id] },
  };
  return keysets[sort];
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
  const keyset = keysetOf(sort, where.money.amount);
  let after: unknown[] | null = null;
  for (;;) {
    const params = after ? [...where.params, ...after] : where.params;
    const n = where.params.length;
    const from = after
      ? `${where.sql} and ${keyset.columns} ${keyset.descending ? '<' : '>'} ($${n + 1}, $${n + 2}::bigint)`
      : where.sql;
    const { rows }: { rows: ListedRow[] } = await db.query<ListedRow>(
      listedOrdersSql({ ...where, sql: from }, sort, `limit ${batch}`, true),
      params,
    );
    if (rows.length > 0) yield rows.map((row) => ({ ...reportRowOf(row), eventIds: row.event_ids ?? '' }));
    if (rows.length < batch) return;
    after = keyset.of(rows[rows.length - 1] as ListedRow);
  }
}

/** The column a grouping groups by, and how its value is shown as the group's key. */
const ORDER_COLUMN: Partial<
  Record<ReportGrouping, { column: (alias: string) => string; key: (column: string) => string }>
> = {
  status: { column: (a) => `${a}.order_status`, key: (c) => c },
  payment: { column: (a) => `${a}.payment_status`, key: (c) => c },
  channel: { column: (a) => `${a}.channel`, key: (c) => c },
  method: { column: methodSql, key: (c) => c },
  // Grouped by the date itself, formatted after: sorting text keys costs the embedded database dearly.
  day: { column: (a) => `${a}.order_day`, key: (c) => `to_char(${c}, 'YYYY-MM-DD')` },
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
  scope: ReportScope,
  grouping: Exclude<ReportGrouping, 'none'>,
  limit?: number,
): Promise<GroupTotals[]> {
  const column = ORDER_COLUMN[grouping];
  // Days in calendar order; the others by revenue (keys compared only on a tie).
  const order = (key: string) => (grouping === 'day' ? key : `revenue desc, ${key}`);
  const limited = limit ? `limit ${limit}` : '';
  const { rollup } = scope;
  // By event (price name) the event (price) rollup answers, when no event or price name narrows the orders:
  // the orders of one event are grouped by all the events they have seats of, which only the orders know.
  const seatTable = grouping === 'event' ? 'event' : grouping === 'price' ? 'price' : null;
  if (rollup && (seatTable === null || rollup.needs === 'order')) {
    const sql = seatTable
      ? `select r.${seatTable === 'event' ? 'event_id' : 'price_name'} as k, ${SEAT_SUMS}
           from ${ROLLUP_TABLE[seatTable]} r where ${rollup.sql} group by k order by ${order('k')} ${limited}`
      : `select ${column?.column('r')} as k, ${ROLLUP_SUMS}
           from ${ROLLUP_TABLE[rollup.needs]} r where ${rollup.sql} group by k order by ${order('k')} ${limited}`;
    const { rows } = await db.query<GroupRow & { k: unknown }>(
      `select ${column ? column.key('g.k') : 'g.k::text'} as key, g.* from (${sql}) g`,
      rollup.params,
    );
    return rows.map(groupOf);
  }
  const where = scope.orders;
  const sql = column
    ? `with f as (select o.order_id, ${column.column('o')} as k, o.order_status, ${moneyColumns(where.money)}
                    from gateway.mirror_orders o where ${where.sql}),
            ${ticketsPerOrder(where.seatsWithin)}
       select ${column.key('f.k')} as key, count(*)::int as orders, ${soldSum('f', 'amount_cents')} as revenue,
              ${soldSum('f', 'fee_cents')} as fee, ${soldSum('f', 'donation_cents')} as donation,
              coalesce(sum(t.n), 0) as tickets
         from f left join t using (order_id)
        group by f.k order by ${order('f.k')} ${limited}`
    : `with f as (select o.order_id, o.order_status from gateway.mirror_orders o where ${where.sql})
       select s.${grouping === 'event' ? 'event_id' : 'price_name'}::text as key,
              count(distinct s.order_id)::int as orders, ${soldSum('s', 'amount_cents', 'f')} as revenue,
              0 as fee, 0 as donation,
              count(*) as tickets
         from gateway.mirror_order_seats s join f using (order_id)
        where s.organisation_id = $1 and not s.deleted ${where.seatsWithin}
        group by s.${grouping === 'event' ? 'event_id' : 'price_name'}
        order by ${order(`s.${grouping === 'event' ? 'event_id' : 'price_name'}`)} ${limited}`;
  const { rows } = await db.query<GroupRow>(sql, where.params);
  return rows.map(groupOf);
}

/** The values the period's orders have (whatever the other filters), most frequent first. */
export async function choicesOf(db: Queryable, organisationId: number, from: string, to: string): Promise<Choices> {
  const params = [organisationId, from, to];
  const period = 'r.organisation_id = $1 and r.order_day between $2::date and $3::date';
  const counted = (table: string, column: string, field: string, measure: string) =>
    `select '${field}' as field, ${column} as value, ${measure}::int as count from gateway.${table} r
      where ${period} group by ${column}`;
  const { rows } = await db.query<{ field: keyof Choices; value: string; count: number }>(
    [
      counted('report_order_days', 'r.order_status', 'status', 'sum(r.orders)'),
      counted('report_order_days', 'r.payment_status', 'payment', 'sum(r.orders)'),
      counted('report_order_days', 'r.channel', 'channel', 'sum(r.orders)'),
      counted('report_order_days', methodSql('r'), 'method', 'sum(r.orders)'),
      // Events and price names by the seats sold of them, as the groups rank them.
      counted('report_event_days', 'r.event_id::text', 'event', 'sum(r.seat_tickets)'),
      counted('report_price_days', 'r.price_name', 'price', 'sum(r.seat_tickets)'),
    ].join(' union all '),
    params,
  );
  return choicesOfRows(rows);
}

/** Counted values as the filter's choices, most frequent first. */
function choicesOfRows(rows: readonly { field: keyof Choices; value: string; count: number }[]): Choices {
  const choices: Choices = { status: [], payment: [], channel: [], method: [], event: [], price: [] };
  for (const row of rows) choices[row.field].push({ value: row.value, count: row.count });
  for (const list of Object.values(choices)) {
    list.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  }
  return choices;
}

/**
 * The choices of a scoped person: the values their orders of the period have (`where`, an orderWhere of the
 * period and their events), from the orders themselves — the rollups count the organisation's.
 */
export async function choicesWithin(db: Queryable, where: OrderWhere): Promise<Choices> {
  const counted = (column: string, field: string) =>
    `select '${field}' as field, ${column} as value, count(*)::int as count from f group by ${column}`;
  const seats = (column: string, field: string, value = `s.${column}`) =>
    `select '${field}' as field, ${value} as value, count(*)::int as count
       from gateway.mirror_order_seats s join f using (order_id)
      where s.organisation_id = $1 and not s.deleted ${where.seatsWithin} group by s.${column}`;
  const { rows } = await db.query<{ field: keyof Choices; value: string; count: number }>(
    `with f as (select o.order_id, o.order_status, o.payment_status, o.channel, ${methodSql('o')} as payment_method
                  from gateway.mirror_orders o where ${where.sql})
     ${[
       counted('order_status', 'status'),
       counted('payment_status', 'payment'),
       counted('channel', 'channel'),
       counted('payment_method', 'method'),
       seats('event_id', 'event', 's.event_id::text'),
       seats('price_name', 'price'),
     ].join(' union all ')}`,
    where.params,
  );
  return choicesOfRows(rows);
}

export async function chartsOf(db: Queryable, scope: ReportScope): Promise<Charts> {
  const { rollup } = scope;
  const perDay = rollup
    ? await db.query<{ day: string; channel: string; orders: number; revenue: string }>(
        `select to_char(r.order_day, 'YYYY-MM-DD') as day, r.channel, sum(r.orders)::int as orders,
                ${soldSum('r', 'amount_cents')} as revenue
           from ${ROLLUP_TABLE[rollup.needs]} r where ${rollup.sql}
          group by r.order_day, r.channel order by r.order_day, r.channel`,
        rollup.params,
      )
    : await db.query<{ day: string; channel: string; orders: number; revenue: string }>(
        `select to_char(o.order_day, 'YYYY-MM-DD') as day, o.channel, count(*)::int as orders,
                coalesce(sum(${scope.orders.money.amount}) filter (where ${soldSql('o')}), 0) as revenue
           from gateway.mirror_orders o where ${scope.orders.sql}
          group by o.order_day, o.channel order by o.order_day, o.channel`,
        scope.orders.params,
      );
  return {
    perDay: perDay.rows.map((row) => ({
      day: row.day,
      channel: row.channel,
      orders: row.orders,
      revenueCents: num(row.revenue),
    })),
    byStatus: await groupTotals(db, scope, 'status'),
    byChannel: await groupTotals(db, scope, 'channel'),
    // Revenue per method: a method none of whose orders is sold (only cancelled or deleted ones) took nothing.
    byMethod: (await groupTotals(db, scope, 'method')).filter((group) => group.revenueCents !== 0),
    topEvents: await groupTotals(db, scope, 'event', 10),
    byPrice: await groupTotals(db, scope, 'price'),
  };
}

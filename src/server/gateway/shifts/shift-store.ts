import type { Sale } from '@/contract/sales';
import type {
  BlindCount,
  DrawerOpenings,
  PersonRef,
  ShiftStatus,
  ShiftSummary,
  Tender,
  ZReport,
} from '@/contract/shift';
import type { Queryable } from '../../db/database';
import { type AccountName, accountNames } from '../auth';
import type { SaleFigures, SaleLine } from './shift-math';

/** A shift as stored, with its desk and people named (SHIFT_SELECT, the names from auth's accountNames). */
export interface ShiftRecord {
  summary: ShiftSummary;
  organisationId: number;
  sellerId: number;
  closedById: number | null;
  expected: { cashCents: number; cardCents: number } | null;
  counted: { cashCents: number; cardCents: number } | null;
  reason: string | null;
  zReport: ZReport | null;
  signOffNote: string | null;
  /** The seller's blind first count, once made (migration 045). */
  blindCount: BlindCount | null;
}

interface ShiftRow {
  id: string;
  organisation_id: string;
  status: ShiftStatus;
  opened_at: Date | string;
  closed_at: Date | string | null;
  time_zone: string;
  opening_float_cents: string | number;
  expected_cash_cents: string | number | null;
  expected_card_cents: string | number | null;
  counted_cash_cents: string | number | null;
  counted_card_cents: string | number | null;
  difference_reason: string | null;
  z_report: ZReport | null;
  signed_off_at: Date | string | null;
  sign_off_note: string | null;
  desk_id: string;
  desk_name: string;
  sales_point_id: string | null;
  account_id: string;
  closed_by: string | null;
  signed_off_by: string | null;
  blind_cash_cents: string | number | null;
  blind_card_cents: string | number | null;
  blind_counted_at: Date | string | null;
  past_midnight: boolean;
  sales_count: number;
  sales_total: string | number;
}

/** Whether a shift is open (or was closed) on a later day than it opened, where its desk is. */
const PAST_MIDNIGHT_SQL = `((coalesce(s.closed_at, now()) at time zone s.time_zone)::date
    > (s.opened_at at time zone s.time_zone)::date)`;

/**
 * isWithdrawn (shift-math.ts) in SQL, of a shift sale `ss`, by its order as the mirror has it now: paid neither in
 * cash nor by card, and cancelled since.
 */
const WITHDRAWN_SQL = `(ss.tender is not null and ss.tender not in ('cash', 'card') and exists (
    select 1 from gateway.mirror_orders mo
     where mo.organisation_id = ss.organisation_id and mo.order_id = ss.order_id
       and (mo.order_status in ('cancel', 'trash') or mo.payment_status = 'cancelled')))`;

/** An online payment of the sale not made yet, as far as the mirror knows (paid, it would say so). */
const AWAITING_SQL = `(ss.tender = 'online' and not exists (
    select 1 from gateway.mirror_orders mo
     where mo.organisation_id = ss.organisation_id and mo.order_id = ss.order_id and mo.payment_status = 'paid'))`;

/**
 * One shift per row with its desk named, its seller, closer and signer by id (named by `recordsOf`), its sales
 * counted and summed (those withdrawn left out), and whether it ran past midnight (the same expression the list filters by).
 */
const SHIFT_SELECT = `
  select s.id, s.organisation_id, s.status, s.opened_at, s.closed_at, s.time_zone, s.opening_float_cents,
         s.expected_cash_cents, s.expected_card_cents, s.counted_cash_cents, s.counted_card_cents,
         s.difference_reason, s.z_report, s.signed_off_at, s.sign_off_note,
         s.blind_cash_cents, s.blind_card_cents, s.blind_counted_at,
         d.id as desk_id, d.name as desk_name, s.sales_point_id,
         s.account_id, s.closed_by, s.signed_off_by,
         ${PAST_MIDNIGHT_SQL} as past_midnight,
         (select count(*)::int from gateway.shift_sales ss
           where ss.shift_id = s.id and not ${WITHDRAWN_SQL}) as sales_count,
         (select coalesce(sum(ss.amount_cents), 0) from gateway.shift_sales ss
           where ss.shift_id = s.id and not ${WITHDRAWN_SQL}) as sales_total
    from gateway.shifts s
    join gateway.desks d on d.id = s.desk_id`;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const num = (value: string | number | null) => (value === null ? null : Number(value));

type Names = Map<number, AccountName>;

function person(id: string | null, names: Names): PersonRef | null {
  if (id === null) return null;
  const named = names.get(Number(id));
  return { accountId: Number(id), name: named?.name ?? named?.email ?? null, email: named?.email ?? null };
}

/** The shifts of `rows` with their people named: one query for all of them. */
async function recordsOf(db: Queryable, rows: ShiftRow[]): Promise<ShiftRecord[]> {
  const ids = rows.flatMap((row) => [row.account_id, row.closed_by, row.signed_off_by]);
  const names = await accountNames(db, ids.filter((id): id is string => id !== null).map(Number));
  return rows.map((row) => shiftRecordOf(row, names));
}

function shiftRecordOf(row: ShiftRow, names: Names): ShiftRecord {
  const expected =
    row.expected_cash_cents === null || row.expected_card_cents === null
      ? null
      : { cashCents: Number(row.expected_cash_cents), cardCents: Number(row.expected_card_cents) };
  const counted =
    row.counted_cash_cents === null || row.counted_card_cents === null
      ? null
      : { cashCents: Number(row.counted_cash_cents), cardCents: Number(row.counted_card_cents) };
  return {
    organisationId: Number(row.organisation_id),
    sellerId: Number(row.account_id),
    closedById: num(row.closed_by),
    expected,
    counted,
    reason: row.difference_reason,
    zReport: row.z_report,
    signOffNote: row.sign_off_note,
    blindCount:
      row.blind_counted_at === null
        ? null
        : {
            cashCents: Number(row.blind_cash_cents),
            cardCents: Number(row.blind_card_cents),
            countedAt: iso(row.blind_counted_at) as string,
          },
    summary: {
      id: Number(row.id),
      desk: { id: Number(row.desk_id), name: row.desk_name },
      salesPointId: num(row.sales_point_id),
      seller: person(row.account_id, names) as PersonRef,
      status: row.status,
      openedAt: iso(row.opened_at) as string,
      closedAt: iso(row.closed_at),
      closedBy: person(row.closed_by, names),
      timeZone: row.time_zone,
      openingFloatCents: Number(row.opening_float_cents),
      pastMidnight: row.past_midnight,
      salesCount: row.sales_count,
      salesTotalCents: Number(row.sales_total),
      differenceCents:
        expected && counted ? counted.cashCents - expected.cashCents + (counted.cardCents - expected.cardCents) : null,
      signedOffAt: iso(row.signed_off_at),
      signedOffBy: person(row.signed_off_by, names),
    },
  };
}

export async function findShift(db: Queryable, organisationId: number, shiftId: number): Promise<ShiftRecord | null> {
  const { rows } = await db.query<ShiftRow>(`${SHIFT_SELECT} where s.organisation_id = $1 and s.id = $2`, [
    organisationId,
    shiftId,
  ]);
  return (await recordsOf(db, rows))[0] ?? null;
}

/** The person's open shift, if they have one (there is at most one: shifts_one_open_per_seller). */
export async function findOpenShiftOf(db: Queryable, accountId: number): Promise<ShiftRecord | null> {
  const { rows } = await db.query<ShiftRow>(`${SHIFT_SELECT} where s.account_id = $1 and s.status = 'open'`, [
    accountId,
  ]);
  return (await recordsOf(db, rows))[0] ?? null;
}

/** A filter of the shift list; its days are the desk's (the shift's time zone). */
export interface ShiftFilter {
  status?: ShiftStatus;
  desk?: number;
  seller?: number;
  from?: string;
  to?: string;
  flag?: 'past-midnight';
}

/** The WHERE clause of a filter over `gateway.shifts s`. */
function whereOf(organisationId: number, filter: ShiftFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [organisationId];
  const clauses = ['s.organisation_id = $1'];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(sql(`$${params.length}`));
  };
  if (filter.status) add((n) => `s.status = ${n}`, filter.status);
  if (filter.desk !== undefined) add((n) => `s.desk_id = ${n}`, filter.desk);
  if (filter.seller !== undefined) add((n) => `s.account_id = ${n}`, filter.seller);
  if (filter.from) add((n) => `(s.opened_at at time zone s.time_zone)::date >= ${n}::date`, filter.from);
  if (filter.to) add((n) => `(s.opened_at at time zone s.time_zone)::date <= ${n}::date`, filter.to);
  if (filter.flag === 'past-midnight') clauses.push(PAST_MIDNIGHT_SQL);
  return { sql: clauses.join(' and '), params };
}

/** A page of the organisation's shifts matching `filter`, the latest opened first, and how many match. */
export async function listShifts(
  db: Queryable,
  organisationId: number,
  filter: ShiftFilter,
  page: number,
  perPage: number,
): Promise<{ records: ShiftRecord[]; total: number }> {
  const where = whereOf(organisationId, filter);
  const [counted, listed] = await Promise.all([
    db.query<{ n: number }>(`select count(*)::int as n from gateway.shifts s where ${where.sql}`, where.params),
    db.query<ShiftRow>(
      `${SHIFT_SELECT} where ${where.sql} order by s.opened_at desc, s.id desc limit ${perPage} offset ${(page - 1) * perPage}`,
      where.params,
    ),
  ]);
  return { records: await recordsOf(db, listed.rows), total: counted.rows[0]?.n ?? 0 };
}

/** Whether PostgreSQL knows `name` as a time zone. */
export async function isKnownTimeZone(db: Queryable, name: string): Promise<boolean> {
  const { rows } = await db.query('select 1 from pg_timezone_names where name = $1', [name]);
  return rows.length > 0;
}

export interface NewShift {
  organisationId: number;
  accountId: number;
  deskName: string;
  /** The sales point it opens at (the database refuses a disabled one: sales_point_enabled). */
  salesPointId: number | null;
  timeZone: string;
  openingFloatCents: number;
}

/**
 * Opens a shift at the desk named, which is made on its first use (and marked used on every other); returns
 * the shift's id and the desk's name as stored. Refused by the unique indexes `shifts_one_open_per_seller`
 * and `shifts_one_open_per_desk` when the seller or the desk has a shift open.
 */
export async function insertShift(tx: Queryable, shift: NewShift): Promise<{ shiftId: number; deskName: string }> {
  const { rows: desks } = await tx.query<{ id: string; name: string }>(
    `insert into gateway.desks (organisation_id, name) values ($1, $2)
     on conflict (organisation_id, lower(name)) do update set last_used_at = now()
     returning id, name`,
    [shift.organisationId, shift.deskName],
  );
  const desk = desks[0];
  if (!desk) throw new Error('the desk was not stored');
  const { rows } = await tx.query<{ id: string }>(
    `insert into gateway.shifts (organisation_id, desk_id, account_id, time_zone, opening_float_cents, sales_point_id)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [shift.organisationId, desk.id, shift.accountId, shift.timeZone, shift.openingFloatCents, shift.salesPointId],
  );
  return { shiftId: Number(rows[0]?.id), deskName: desk.name };
}

/** The name of whoever has a shift open at the desk named, if anyone does. */
export async function openShiftHolderAt(
  db: Queryable,
  organisationId: number,
  deskName: string,
): Promise<string | null> {
  const { rows } = await db.query<{ account_id: string }>(
    `select s.account_id from gateway.shifts s join gateway.desks d on d.id = s.desk_id
      where s.organisation_id = $1 and lower(d.name) = lower($2) and s.status = 'open'`,
    [organisationId, deskName],
  );
  const holder = rows[0] ? Number(rows[0].account_id) : null;
  return holder === null ? null : ((await accountNames(db, [holder])).get(holder)?.name ?? null);
}

/**
 * The shift's status, its row locked for update until `tx` ends: the lock that sales joining the shift wait
 * for (insertSaleIntoOpenShift), so none joins while it is counted.
 */
export async function lockShift(tx: Queryable, organisationId: number, shiftId: number): Promise<ShiftStatus | null> {
  const { rows } = await tx.query<{ status: ShiftStatus }>(
    'select status from gateway.shifts where id = $1 and organisation_id = $2 for update',
    [shiftId, organisationId],
  );
  return rows[0]?.status ?? null;
}

/** How many sales the shift has, and how many of them are not read yet. */
export async function countSales(db: Queryable, shiftId: number): Promise<{ count: number; unread: number }> {
  const { rows } = await db.query<{ n: number; unread: number }>(
    `select count(*)::int as n, count(*) filter (where read_at is null)::int as unread
       from gateway.shift_sales where shift_id = $1`,
    [shiftId],
  );
  return { count: rows[0]?.n ?? 0, unread: rows[0]?.unread ?? 0 };
}

type Drawer = { cashCents: number; cardCents: number };

export interface ShiftClosing {
  closedAt: string;
  closedBy: number;
  expected: Drawer;
  counted: Drawer;
  reason: string | null;
  zReport: ZReport;
}

export async function storeClosing(
  tx: Queryable,
  organisationId: number,
  shiftId: number,
  closing: ShiftClosing,
): Promise<void> {
  await tx.query(
    `update gateway.shifts
        set status = 'closed', closed_at = $3, closed_by = $4, expected_cash_cents = $5, expected_card_cents = $6,
            counted_cash_cents = $7, counted_card_cents = $8, difference_reason = $9, z_report = $10::jsonb
      where id = $1 and organisation_id = $2`,
    [
      shiftId,
      organisationId,
      closing.closedAt,
      closing.closedBy,
      closing.expected.cashCents,
      closing.expected.cardCents,
      closing.counted.cashCents,
      closing.counted.cardCents,
      closing.reason,
      JSON.stringify(closing.zReport),
    ],
  );
}

/**
 * Keeps the seller's blind first count of an open shift; false when the shift is not open or has one already
 * (the first stays: migration 045 refuses any change of it).
 */
export async function storeBlindCount(
  tx: Queryable,
  organisationId: number,
  shiftId: number,
  count: { cashCents: number; cardCents: number },
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `update gateway.shifts set blind_cash_cents = $3, blind_card_cents = $4, blind_counted_at = now()
      where id = $1 and organisation_id = $2 and status = 'open' and blind_counted_at is null`,
    [shiftId, organisationId, count.cashCents, count.cardCents],
  );
  return rowCount > 0;
}

/**
 * Signs the shift off if it is closed; false when it is not (any more). Conditional, so two reviewers at once
 * sign it off once; the table's own check refuses the seller.
 */
export async function storeSignOff(
  tx: Queryable,
  organisationId: number,
  shiftId: number,
  signOff: { signedOffBy: number; note: string | null },
): Promise<boolean> {
  const { rows } = await tx.query<{ id: string }>(
    `update gateway.shifts set status = 'signed-off', signed_off_at = now(), signed_off_by = $3, sign_off_note = $4
      where id = $1 and organisation_id = $2 and status = 'closed' returning id`,
    [shiftId, organisationId, signOff.signedOffBy, signOff.note],
  );
  return rows.length > 0;
}

/** A sale of a shift as stored. */
export interface SaleRecord extends SaleFigures {
  soldAt: string;
  paymentMethodId: number | null;
  online: boolean;
  statusAtSale: string | null;
  paymentStatusAtSale: string | null;
  read: boolean;
  withdrawn: boolean;
}

interface SaleRow {
  order_id: string;
  sold_at: Date | string;
  payment_method_id: string | null;
  online: boolean;
  payment_method: string | null;
  tender: Tender | null;
  amount_cents: string | number | null;
  fee_cents: string | number | null;
  donation_cents: string | number | null;
  lines: SaleLine[] | null;
  status_at_sale: string | null;
  payment_status_at_sale: string | null;
  read_at: Date | string | null;
  withdrawn: boolean;
  awaiting_payment: boolean;
}

export async function salesOfShift(db: Queryable, shiftId: number): Promise<SaleRecord[]> {
  const { rows } = await db.query<SaleRow>(
    `select order_id, sold_at, payment_method_id, online, payment_method, tender, amount_cents, fee_cents,
            donation_cents, lines, status_at_sale, payment_status_at_sale, read_at, ${WITHDRAWN_SQL} as withdrawn,
            ${AWAITING_SQL} as awaiting_payment
       from gateway.shift_sales ss where shift_id = $1 order by sold_at, order_id`,
    [shiftId],
  );
  return rows.map((row) => ({
    orderId: Number(row.order_id),
    soldAt: iso(row.sold_at) as string,
    paymentMethodId: num(row.payment_method_id),
    online: row.online,
    method: row.payment_method,
    tender: row.tender,
    amountCents: row.read_at === null ? null : num(row.amount_cents),
    feeCents: num(row.fee_cents),
    donationCents: num(row.donation_cents),
    lines: row.lines,
    statusAtSale: row.status_at_sale,
    paymentStatusAtSale: row.payment_status_at_sale,
    read: row.read_at !== null,
    withdrawn: row.withdrawn,
    awaitingPayment: row.awaiting_payment,
  }));
}

/** The desks of an organisation, the most recently used first. */
export async function listDesks(db: Queryable, organisationId: number): Promise<{ id: number; name: string }[]> {
  const { rows } = await db.query<{ id: string; name: string }>(
    'select id, name from gateway.desks where organisation_id = $1 order by last_used_at desc, name limit 200',
    [organisationId],
  );
  return rows.map((row) => ({ id: Number(row.id), name: row.name }));
}

/** Everyone who has had a shift in the organisation. */
export async function listSellers(db: Queryable, organisationId: number): Promise<PersonRef[]> {
  const { rows } = await db.query<{ account_id: string }>(
    'select distinct account_id from gateway.shifts where organisation_id = $1',
    [organisationId],
  );
  // In order of name, as accountNames gives them.
  const names = await accountNames(
    db,
    rows.map((row) => Number(row.account_id)),
  );
  return [...names].map(([accountId, { name, email }]) => ({ accountId, name, email }));
}

/** A checkout's sale for its seller's open shift: with `amounts`, the order as read right after the checkout. */
export interface ShiftSale {
  accountId: number;
  orderId: number;
  paymentMethodId: number | null;
  online: boolean;
  amounts: SaleAmounts | null;
}

/**
 * Adds orders to their sellers' open shifts, those who have one, in one statement (the sales of one
 * organisation's desks at one moment, see joinShift); returns the shift each order joined. Each shift row is
 * locked for share, so a close that is counting the shift (it holds the row for update: lockShift) either sees
 * the sale or, once it is done, leaves the sale out: never a sale on a shift that was counted without it. A
 * repeated checkout of the same cart names the same order and adds nothing. A sale with amounts is stored read.
 */
export async function insertSalesIntoOpenShifts(
  db: Queryable,
  organisationId: number,
  sales: readonly ShiftSale[],
): Promise<Map<number, number>> {
  const rows = sales.map((sale, n) => ({
    n,
    account_id: sale.accountId,
    order_id: sale.orderId,
    payment_method_id: sale.paymentMethodId,
    online: sale.online,
    status: sale.amounts?.orderStatus ?? null,
    payment_status: sale.amounts?.paymentStatus ?? null,
    method: sale.amounts?.method ?? null,
    tender: sale.amounts?.tender ?? null,
    amount_cents: sale.amounts?.amountCents ?? null,
    fee_cents: sale.amounts?.feeCents ?? null,
    donation_cents: sale.amounts?.donationCents ?? null,
    lines: sale.amounts?.lines ?? null,
  }));
  const { rows: joined } = await db.query<{ order_id: string; shift_id: string }>(
    `insert into gateway.shift_sales (organisation_id, order_id, shift_id, payment_method_id, online, status_at_sale,
            payment_status_at_sale, payment_method, tender, amount_cents, fee_cents, donation_cents, lines, read_at)
     select s.organisation_id, x.order_id, s.id, x.payment_method_id, x.online, x.status, x.payment_status, x.method,
            x.tender, x.amount_cents, x.fee_cents, x.donation_cents, x.lines,
            case when x.status is null then null else now() end
       from jsonb_to_recordset($2::jsonb) as x (n int, account_id bigint, order_id bigint, payment_method_id bigint,
              online boolean, status text, payment_status text, method text, tender text, amount_cents bigint,
              fee_cents bigint, donation_cents bigint, lines jsonb)
       join gateway.shifts s on s.account_id = x.account_id and s.organisation_id = $1 and s.status = 'open'
      order by x.n
      for share of s
     on conflict (organisation_id, order_id) do nothing
     returning order_id, shift_id`,
    [organisationId, JSON.stringify(rows)],
  );
  return new Map(joined.map((row) => [Number(row.order_id), Number(row.shift_id)]));
}

/** Whether the sale of `orderId` joined a shift and its amounts are not read yet. */
export async function isSaleUnread(db: Queryable, organisationId: number, orderId: number): Promise<boolean> {
  const { rows } = await db.query<{ unread: boolean }>(
    'select read_at is null as unread from gateway.shift_sales where organisation_id = $1 and order_id = $2',
    [organisationId, orderId],
  );
  return rows[0]?.unread ?? false;
}

/** An order's state as the service first showed it after the sale. */
export interface StateAtSale {
  orderStatus: string;
  paymentStatus: string;
}

/** Keeps the order's first-read state as its state at sale (a later read does not overwrite it). */
export async function storeStateAtSale(
  db: Queryable,
  organisationId: number,
  orderId: number,
  state: StateAtSale,
): Promise<void> {
  await db.query(
    `update gateway.shift_sales
        set status_at_sale = coalesce(status_at_sale, $3), payment_status_at_sale = coalesce(payment_status_at_sale, $4)
      where organisation_id = $1 and order_id = $2`,
    [organisationId, orderId, state.orderStatus, state.paymentStatus],
  );
}

/** The amounts of a sale as read from the service: stored once, which marks the sale read. */
export interface SaleAmounts extends StateAtSale {
  method: string;
  tender: Tender;
  amountCents: number;
  /** Null: not known (the order list did not show the order). */
  feeCents: number | null;
  donationCents: number;
  lines: SaleLine[] | null;
}

export async function storeSaleAmounts(
  db: Queryable,
  organisationId: number,
  orderId: number,
  amounts: SaleAmounts,
): Promise<void> {
  await db.query(
    `update gateway.shift_sales
        set status_at_sale = coalesce(status_at_sale, $3), payment_status_at_sale = coalesce(payment_status_at_sale, $4),
            payment_method = $5, tender = $6, amount_cents = $7, fee_cents = $8, donation_cents = $9,
            lines = $10::jsonb, read_at = now()
      where organisation_id = $1 and order_id = $2 and read_at is null`,
    [
      organisationId,
      orderId,
      amounts.orderStatus,
      amounts.paymentStatus,
      amounts.method,
      amounts.tender,
      amounts.amountCents,
      amounts.feeCents,
      amounts.donationCents,
      amounts.lines === null ? null : JSON.stringify(amounts.lines),
    ],
  );
}

/**
 * Which of `orderIds` the audit trail shows checked out through Foyer (by anyone), with who checked each out
 * and whether the sale joined a shift.
 */
export async function foyerCheckouts(
  db: Queryable,
  organisationId: number,
  orderIds: readonly number[],
): Promise<{ orderId: number; accountId: number | null; inShift: boolean }[]> {
  if (orderIds.length === 0) return [];
  const { rows } = await db.query<{ order_id: string; account_id: string | null; attached: boolean }>(
    `select e.order_id, e.account_id,
            exists (select 1 from gateway.shift_sales ss
                     where ss.organisation_id = e.organisation_id and ss.order_id = e.order_id) as attached
       from gateway.audit_entries e
      where e.organisation_id = $1 and e.action = 'forward' and e.order_id = any($2::bigint[])
        and e.method = 'POST' and e.path like '/partner/cart/%/checkout' and e.status between 200 and 299`,
    [organisationId, orderIds],
  );
  return rows.map((row) => ({ orderId: Number(row.order_id), accountId: num(row.account_id), inShift: row.attached }));
}

/** The shift each of `orderIds` joined, by order id; an order that joined none is absent. */
export async function shiftsOfSales(
  db: Queryable,
  organisationId: number,
  orderIds: readonly number[],
): Promise<Map<number, NonNullable<Sale['shift']>>> {
  if (orderIds.length === 0) return new Map();
  const { rows } = await db.query<{
    order_id: string;
    shift_id: string;
    desk_name: string | null;
    opened_at: Date | null;
  }>(
    `select ss.order_id, sh.id as shift_id, d.name as desk_name, sh.opened_at
       from gateway.shift_sales ss join gateway.shifts sh on sh.id = ss.shift_id
       left join gateway.desks d on d.id = sh.desk_id
      where ss.organisation_id = $1 and ss.order_id = any($2::bigint[])`,
    [organisationId, orderIds],
  );
  return new Map(
    rows.map((row) => [
      Number(row.order_id),
      { id: Number(row.shift_id), desk: row.desk_name ?? '', openedAt: iso(row.opened_at) },
    ]),
  );
}

export type DrawerReason = 'sale' | 'no-sale' | 'cash-up';

/** An opening of the shift's cash drawer, once per print job that carried the pulse. */
export async function insertDrawerOpening(
  db: Queryable,
  opening: { organisationId: number; shiftId: number; reason: DrawerReason; printJobId: number },
): Promise<void> {
  await db.query(
    `insert into gateway.shift_drawer_openings (organisation_id, shift_id, reason, print_job_id)
     values ($1, $2, $3, $4) on conflict (print_job_id) do nothing`,
    [opening.organisationId, opening.shiftId, opening.reason, opening.printJobId],
  );
}

/** How often the shift's drawer was opened, by why. */
export async function countDrawerOpenings(db: Queryable, shiftId: number): Promise<DrawerOpenings> {
  const { rows } = await db.query<{ sale: number; no_sale: number; cash_up: number }>(
    `select count(*) filter (where reason = 'sale')::int as sale, count(*) filter (where reason = 'no-sale')::int as no_sale,
            count(*) filter (where reason = 'cash-up')::int as cash_up
       from gateway.shift_drawer_openings where shift_id = $1`,
    [shiftId],
  );
  return { sale: rows[0]?.sale ?? 0, noSale: rows[0]?.no_sale ?? 0, cashUp: rows[0]?.cash_up ?? 0 };
}

/** The person's open shift and the sales point it is at (null: no shift open, or one at a desk named by hand). */
export async function openShiftAt(
  db: Queryable,
  accountId: number,
): Promise<{ shiftId: number; salesPointId: number | null } | null> {
  const { rows } = await db.query<{ id: string; sales_point_id: string | null }>(
    `select id, sales_point_id from gateway.shifts where account_id = $1 and status = 'open'`,
    [accountId],
  );
  const row = rows[0];
  return row ? { shiftId: Number(row.id), salesPointId: num(row.sales_point_id) } : null;
}

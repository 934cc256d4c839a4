import type { PersonRef, ShiftStatus, ShiftSummary, Tender, ZReport } from '@/contract/shift';
import type { Queryable } from '../../db/database';
import type { SaleFigures, SaleLine } from './shift-math';

/** A shift as stored, with its desk and people named (shiftSelect). */
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
  account_id: string;
  seller_name: string | null;
  seller_email: string | null;
  closed_by: string | null;
  closer_name: string | null;
  closer_email: string | null;
  signed_off_by: string | null;
  signer_name: string | null;
  signer_email: string | null;
  past_midnight: boolean;
  sales_count: number;
  sales_total: string | number;
}

/** Whether a shift is open (or was closed) on a later day than it opened, where its desk is. */
export const PAST_MIDNIGHT_SQL = `((coalesce(s.closed_at, now()) at time zone s.time_zone)::date
    > (s.opened_at at time zone s.time_zone)::date)`;

/**
 * One shift per row with its desk, seller, closer and signer named, its sales counted and summed, and
 * whether it ran past midnight (the same expression the list filters by).
 */
export const SHIFT_SELECT = `
  select s.id, s.organisation_id, s.status, s.opened_at, s.closed_at, s.time_zone, s.opening_float_cents,
         s.expected_cash_cents, s.expected_card_cents, s.counted_cash_cents, s.counted_card_cents,
         s.difference_reason, s.z_report, s.signed_off_at, s.sign_off_note,
         d.id as desk_id, d.name as desk_name,
         s.account_id, seller.display_name as seller_name, seller.email as seller_email,
         s.closed_by, closer.display_name as closer_name, closer.email as closer_email,
         s.signed_off_by, signer.display_name as signer_name, signer.email as signer_email,
         ${PAST_MIDNIGHT_SQL} as past_midnight,
         (select count(*)::int from gateway.shift_sales ss where ss.shift_id = s.id) as sales_count,
         (select coalesce(sum(ss.amount_cents), 0) from gateway.shift_sales ss where ss.shift_id = s.id) as sales_total
    from gateway.shifts s
    join gateway.desks d on d.id = s.desk_id
    left join gateway.accounts seller on seller.id = s.account_id
    left join gateway.accounts closer on closer.id = s.closed_by
    left join gateway.accounts signer on signer.id = s.signed_off_by`;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const num = (value: string | number | null) => (value === null ? null : Number(value));

const person = (id: string | null, name: string | null, email: string | null): PersonRef | null =>
  id === null ? null : { accountId: Number(id), name: name ?? email, email };

export function shiftRecordOf(row: ShiftRow): ShiftRecord {
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
    summary: {
      id: Number(row.id),
      desk: { id: Number(row.desk_id), name: row.desk_name },
      seller: person(row.account_id, row.seller_name, row.seller_email) as PersonRef,
      status: row.status,
      openedAt: iso(row.opened_at) as string,
      closedAt: iso(row.closed_at),
      closedBy: person(row.closed_by, row.closer_name, row.closer_email),
      timeZone: row.time_zone,
      openingFloatCents: Number(row.opening_float_cents),
      pastMidnight: row.past_midnight,
      salesCount: row.sales_count,
      salesTotalCents: Number(row.sales_total),
      differenceCents:
        expected && counted ? counted.cashCents - expected.cashCents + (counted.cardCents - expected.cardCents) : null,
      signedOffAt: iso(row.signed_off_at),
      signedOffBy: person(row.signed_off_by, row.signer_name, row.signer_email),
    },
  };
}

export async function findShift(db: Queryable, organisationId: number, shiftId: number): Promise<ShiftRecord | null> {
  const { rows } = await db.query<ShiftRow>(`${SHIFT_SELECT} where s.organisation_id = $1 and s.id = $2`, [
    organisationId,
    shiftId,
  ]);
  return rows[0] ? shiftRecordOf(rows[0]) : null;
}

/** The person's open shift, if they have one (there is at most one: shifts_one_open_per_seller). */
export async function findOpenShiftOf(db: Queryable, accountId: number): Promise<ShiftRecord | null> {
  const { rows } = await db.query<ShiftRow>(`${SHIFT_SELECT} where s.account_id = $1 and s.status = 'open'`, [
    accountId,
  ]);
  return rows[0] ? shiftRecordOf(rows[0]) : null;
}

export async function listShifts(
  db: Queryable,
  where: { sql: string; params: unknown[] },
  page: number,
  perPage: number,
): Promise<{ records: ShiftRecord[]; total: number }> {
  const [counted, listed] = await Promise.all([
    db.query<{ n: number }>(`select count(*)::int as n from gateway.shifts s where ${where.sql}`, where.params),
    db.query<ShiftRow>(
      `${SHIFT_SELECT} where ${where.sql} order by s.opened_at desc, s.id desc limit ${perPage} offset ${(page - 1) * perPage}`,
      where.params,
    ),
  ]);
  return { records: listed.rows.map(shiftRecordOf), total: counted.rows[0]?.n ?? 0 };
}

/** A sale of a shift as stored. */
export interface SaleRecord extends SaleFigures {
  soldAt: string;
  paymentMethodId: number | null;
  online: boolean;
  statusAtSale: string | null;
  paymentStatusAtSale: string | null;
  read: boolean;
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
}

export async function salesOfShift(db: Queryable, shiftId: number): Promise<SaleRecord[]> {
  const { rows } = await db.query<SaleRow>(
    `select order_id, sold_at, payment_method_id, online, payment_method, tender, amount_cents, fee_cents,
            donation_cents, lines, status_at_sale, payment_status_at_sale, read_at
       from gateway.shift_sales where shift_id = $1 order by sold_at, order_id`,
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
  const { rows } = await db.query<{ id: string; display_name: string; email: string }>(
    `select a.id, a.display_name, a.email from gateway.accounts a
      where a.id in (select distinct account_id from gateway.shifts where organisation_id = $1)
      order by a.display_name`,
    [organisationId],
  );
  return rows.map((row) => ({ accountId: Number(row.id), name: row.display_name, email: row.email }));
}

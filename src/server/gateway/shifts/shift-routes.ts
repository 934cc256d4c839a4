import type { Context } from 'hono';
import pLimit from 'p-limit';
import { z } from 'zod';
import {
  closeShiftBodySchema,
  openShiftBodySchema,
  type PerformanceTotal,
  SHIFT_STATUSES,
  type ShiftDetail,
  type ShiftTotals,
  signOffBodySchema,
  type ZReport,
} from '@/contract/shift';
import { PG_UNIQUE_VIOLATION } from '../../db/connect';
import type { GatewayDeps, GatewayEnv, SecuredRoutes } from '../access';
import { recordRequestAudit } from '../audit/request-audit';
import type { Principal } from '../auth/principal';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnavailableError,
  UpstreamUnavailableError,
  ValidationError,
} from '../errors';
import { parseBody, parseQuery } from '../request-input';
import { requestOrigin } from '../same-origin';
import { UpstreamClient } from '../upstream/upstream-client';
import { reconcileShift, type ShiftWindow } from './reconciliation';
import { type OrderReader, orderReader } from './service-orders';
import { differenceOf, shiftTotals } from './shift-math';
import { readUnreadSales } from './shift-sales';
import {
  findOpenShiftOf,
  findShift,
  listDesks,
  listSellers,
  listShifts,
  PAST_MIDNIGHT_SQL,
  type SaleRecord,
  type ShiftRecord,
  salesOfShift,
} from './shift-store';

export const SHIFT_PAGE_SIZE = 50;
const NAME_CONCURRENCY = 4;

const sellers = { permission: 'sales:sell' } as const;
const reviewers = { permission: 'shifts:review' } as const;
const sellersOrReviewers = { anyOf: ['sales:sell', 'shifts:review'] } as const;

const isReviewer = (principal: Principal) => principal.permissions.includes('shifts:review');

const idText = z
  .string()
  .regex(/^\d{1,15}$/, 'A number')
  .transform(Number);
const dayText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date, YYYY-MM-DD');

const listFilterSchema = z.object({
  status: z.enum(SHIFT_STATUSES).optional(),
  desk: idText.optional(),
  seller: idText.optional(),
  from: dayText.optional(),
  to: dayText.optional(),
  flag: z.enum(['past-midnight']).optional(),
  page: idText.optional(),
});
type ListFilter = z.infer<typeof listFilterSchema>;

/** The WHERE clause of a list filter over `gateway.shifts s`; days are the desk's (the shift's time zone). */
function whereOf(organisationId: number, filter: ListFilter): { sql: string; params: unknown[] } {
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

const shiftIdOf = (c: Context) => {
  const text = c.req.param('shiftId') ?? '';
  return /^\d{1,15}$/.test(text) ? Number(text) : null;
};

const isUniqueViolation = (error: unknown, constraint: string) => {
  if (typeof error !== 'object' || error === null) return false;
  const fields = error as { code?: unknown; constraint?: unknown; message?: unknown };
  return (
    fields.code === PG_UNIQUE_VIOLATION &&
    (fields.constraint === constraint || (typeof fields.message === 'string' && fields.message.includes(constraint)))
  );
};

/** Names and starts of the performances, read a few at a time; one that cannot be read stays unnamed. */
async function namePerformances(
  reader: OrderReader,
  totals: readonly Omit<PerformanceTotal, 'name' | 'start'>[],
): Promise<PerformanceTotal[]> {
  const limit = pLimit(NAME_CONCURRENCY);
  return limit.map(totals, async (total) => {
    const event = await reader.event(total.eventId).catch(() => null);
    return { ...total, name: event?.name ?? null, start: event?.start ?? null };
  });
}

async function totalsOf(
  sales: readonly SaleRecord[],
  openingFloatCents: number,
  reader: OrderReader | null,
): Promise<ShiftTotals> {
  const totals = shiftTotals(sales, openingFloatCents);
  const byPerformance = reader
    ? await namePerformances(reader, totals.byPerformance)
    : totals.byPerformance.map((total) => ({ ...total, name: null, start: null }));
  return { ...totals, byPerformance };
}

const windowOf = (record: ShiftRecord, closedAt: string | null = record.summary.closedAt): ShiftWindow => ({
  shiftId: record.summary.id,
  organisationId: record.organisationId,
  sellerId: record.sellerId,
  openedAt: record.summary.openedAt,
  closedAt,
});

/**
 * Shifts and cash-up: a seller opens a shift at a desk with a float, their sales through the gateway join it
 * (shift-sales.ts, called by the forwarder), they close it with the counted cash and the terminal's total, and
 * a reviewer — a second person — signs it off. Sellers see their own shifts; reviewers (shifts:review) see
 * every shift of the organisation, may close one left open, and sign them off.
 */
export function registerShiftRoutes(routes: SecuredRoutes, deps: GatewayDeps): void {
  const { db, log } = deps;
  const readerFor = (c: Context<GatewayEnv>) =>
    orderReader(UpstreamClient.forPerson(deps, c.get('principal'), requestOrigin(c)));

  /** A shift the person may see (their own, or any of their organisation's when they review shifts); else 404. */
  async function visibleShift(c: Context<GatewayEnv>): Promise<ShiftRecord> {
    const principal = c.get('principal');
    const shiftId = shiftIdOf(c);
    const record = shiftId === null ? null : await findShift(db, principal.organisationId, shiftId);
    if (!record || (record.sellerId !== principal.accountId && !isReviewer(principal))) {
      throw new NotFoundError('No such shift');
    }
    return record;
  }

  /** The sales of a shift, those still unread read from the service first (while it is open). */
  async function currentSales(c: Context<GatewayEnv>, record: ShiftRecord): Promise<SaleRecord[]> {
    const sales = await salesOfShift(db, record.summary.id);
    if (record.summary.status !== 'open' || sales.every((sale) => sale.read)) return sales;
    await readUnreadSales(db, readerFor(c), record.organisationId, sales, log);
    return salesOfShift(db, record.summary.id);
  }

  function detailOf(
    principal: Principal,
    record: ShiftRecord,
    sales: readonly SaleRecord[],
    totals: ShiftTotals,
  ): ShiftDetail {
    const { summary } = record;
    const own = record.sellerId === principal.accountId;
    const reviewer = isReviewer(principal);
    return {
      shift: summary,
      sales: sales.map((sale) => ({
        orderId: sale.orderId,
        soldAt: sale.soldAt,
        method: sale.method,
        tender: sale.tender,
        amountCents: sale.amountCents,
        feeCents: sale.read ? sale.feeCents : null,
        donationCents: sale.read ? sale.donationCents : null,
        orderStatus: sale.statusAtSale,
        paymentStatus: sale.paymentStatusAtSale,
      })),
      totals,
      zReport: record.zReport,
      signOffNote: record.signOffNote,
      mayClose: summary.status === 'open' && ((own && principal.permissions.includes('sales:sell')) || reviewer),
      signOffRefusal: !reviewer
        ? 'no-permission'
        : summary.status !== 'closed'
          ? 'not-closed'
          : own
            ? 'own-shift'
            : record.closedById === principal.accountId
              ? 'closed-it'
              : null,
    };
  }

  routes.declare('GET', '/shifts/options', sellersOrReviewers, async (c) => {
    const principal = c.get('principal');
    const [desks, people] = await Promise.all([
      listDesks(db, principal.organisationId),
      isReviewer(principal) ? listSellers(db, principal.organisationId) : Promise.resolve([]),
    ]);
    return c.json({ desks, sellers: people });
  });

  routes.declare('GET', '/shifts/current', sellers, async (c) => {
    const principal = c.get('principal');
    const record = await findOpenShiftOf(db, principal.accountId);
    if (!record) return c.json({ shift: null, totals: null });
    const sales = await currentSales(c, record);
    // The running totals of the shift bar: no performance names (those cost a read each).
    const totals = await totalsOf(sales, record.summary.openingFloatCents, null);
    const fresh = (await findShift(db, principal.organisationId, record.summary.id)) ?? record;
    return c.json({ shift: fresh.summary, totals });
  });

  routes.declare('POST', '/shifts', sellers, async (c) => {
    const principal = c.get('principal');
    const { desk, openingFloatCents, timeZone } = await parseBody(c, openShiftBodySchema);
    const known = await db.query('select 1 from pg_timezone_names where name = $1', [timeZone]);
    if (known.rows.length === 0) throw ValidationError.field('timeZone', 'An IANA time zone, such as Europe/Amsterdam');
    try {
      const shiftId = await db.transaction(async (tx) => {
        const { rows: desks } = await tx.query<{ id: string; name: string }>(
          `insert into gateway.desks (organisation_id, name) values ($1, $2)
           on conflict (organisation_id, lower(name)) do update set last_used_at = now()
           returning id, name`,
          [principal.organisationId, desk],
        );
        const deskRow = desks[0];
        if (!deskRow) throw new Error('the desk was not stored');
        const { rows } = await tx.query<{ id: string }>(
          `insert into gateway.shifts (organisation_id, desk_id, account_id, time_zone, opening_float_cents)
           values ($1, $2, $3, $4, $5) returning id`,
          [principal.organisationId, deskRow.id, principal.accountId, timeZone, openingFloatCents],
        );
        const id = Number(rows[0]?.id);
        await recordRequestAudit(tx, c, {
          action: 'shift-open',
          status: 201,
          details: { shiftId: id, desk: deskRow.name, openingFloatCents, timeZone },
        });
        return id;
      });
      const record = await findShift(db, principal.organisationId, shiftId);
      return c.json({ shift: record?.summary, totals: await totalsOf([], openingFloatCents, null) }, 201);
    } catch (error) {
      if (isUniqueViolation(error, 'shifts_one_open_per_seller')) {
        const open = await findOpenShiftOf(db, principal.accountId);
        throw new ConflictError(
          `You already have a shift open${open ? ` (shift ${open.summary.id} at ${open.summary.desk.name})` : ''}: close it first.`,
          { extra: { shiftId: open?.summary.id ?? null } },
        );
      }
      if (isUniqueViolation(error, 'shifts_one_open_per_desk')) {
        const { rows } = await db.query<{ display_name: string }>(
          `select a.display_name from gateway.shifts s join gateway.desks d on d.id = s.desk_id
             join gateway.accounts a on a.id = s.account_id
            where s.organisation_id = $1 and lower(d.name) = lower($2) and s.status = 'open'`,
          [principal.organisationId, desk],
        );
        const holder = rows[0]?.display_name;
        const message = `Desk ${desk} already has a shift open${holder ? ` (${holder})` : ''}.`;
        throw new ConflictError(message, { errors: { desk: [message] } });
      }
      throw error;
    }
  });

  routes.declare('GET', '/shifts', sellersOrReviewers, async (c) => {
    const principal = c.get('principal');
    const parsed = parseQuery(c, listFilterSchema);
    // A seller without shifts:review sees their own shifts only.
    const filter = isReviewer(principal) ? parsed : { ...parsed, seller: principal.accountId };
    const page = Math.max(1, filter.page ?? 1);
    const { records, total } = await listShifts(db, whereOf(principal.organisationId, filter), page, SHIFT_PAGE_SIZE);
    return c.json({
      data: records.map((record) => record.summary),
      page,
      perPage: SHIFT_PAGE_SIZE,
      total,
      lastPage: Math.max(1, Math.ceil(total / SHIFT_PAGE_SIZE)),
    });
  });

  routes.declare('GET', '/shifts/:shiftId', sellersOrReviewers, async (c) => {
    const record = await visibleShift(c);
    const sales = await currentSales(c, record);
    const totals = record.zReport?.totals ?? (await totalsOf(sales, record.summary.openingFloatCents, readerFor(c)));
    const fresh = (await findShift(db, record.organisationId, record.summary.id)) ?? record;
    return c.json(detailOf(c.get('principal'), fresh, sales, totals));
  });

  routes.declare('GET', '/shifts/:shiftId/reconciliation', sellersOrReviewers, async (c) => {
    const record = await visibleShift(c);
    const sales = await currentSales(c, record);
    return c.json(await reconcileShift(db, readerFor(c), windowOf(record), sales));
  });

  routes.declare('POST', '/shifts/:shiftId/close', sellersOrReviewers, async (c) => {
    const principal = c.get('principal');
    const record = await visibleShift(c);
    const own = record.sellerId === principal.accountId;
    if (!isReviewer(principal) && !(own && principal.permissions.includes('sales:sell'))) {
      throw new ForbiddenError('Only the seller or a reviewer closes a shift.');
    }
    const body = await parseBody(c, closeShiftBodySchema);
    if (record.summary.status !== 'open') throw new ConflictError('This shift is closed already.');

    // The amounts of every sale are needed for the expected totals: read what is not read yet.
    const reader = readerFor(c);
    const sales = await currentSales(c, record);
    if (sales.some((sale) => !sale.read)) {
      throw new UnavailableError(
        'Some sales of this shift could not be read from the Ticketing Service yet, so its totals are not known. Try again in a moment.',
      );
    }
    const closedAt = new Date();
    // The Z-report lists the cancellations seen in the orders; when the service cannot be read, it says so
    // (reconciliation null) rather than keep the seller from closing.
    const reconciliation = await reconcileShift(
      db,
      reader,
      windowOf(record, closedAt.toISOString()),
      sales,
      closedAt,
    ).catch((error: unknown) => {
      if (!(error instanceof UpstreamUnavailableError)) throw error;
      log.warn({ shiftId: record.summary.id, reason: error.detail }, 'closing without reconciliation');
      return null;
    });
    const totals = await totalsOf(sales, record.summary.openingFloatCents, reader);
    const { countedCashCents, countedCardCents } = body;
    const reason = body.reason ? body.reason : null;
    const expected = { cashCents: totals.expected.cashCents, cardCents: totals.expected.cardCents };
    const difference = differenceOf(expected, { cashCents: countedCashCents, cardCents: countedCardCents });
    if ((difference.cashCents !== 0 || difference.cardCents !== 0) && !reason) {
      throw ValidationError.field('reason', 'Give the reason for the difference');
    }
    if (
      (body.expectedCashCents !== undefined && body.expectedCashCents !== expected.cashCents) ||
      (body.expectedCardCents !== undefined && body.expectedCardCents !== expected.cardCents)
    ) {
      throw new ConflictError('The expected totals changed since you looked: check them again.', {
        extra: { expected },
      });
    }
    const zReport: ZReport = {
      generatedAt: closedAt.toISOString(),
      totals,
      counted: { cashCents: countedCashCents, cardCents: countedCardCents },
      difference,
      reason,
      reconciliation,
    };
    const outcome = await db.transaction(async (tx) => {
      // The row lock that sales joining the shift wait for (attachSale): none joins while it is counted.
      const { rows } = await tx.query<{ status: string }>(
        'select status from gateway.shifts where id = $1 and organisation_id = $2 for update',
        [record.summary.id, record.organisationId],
      );
      if (rows[0]?.status !== 'open') return 'closed-already' as const;
      const { rows: counted } = await tx.query<{ n: number; unread: number }>(
        `select count(*)::int as n, count(*) filter (where read_at is null)::int as unread
           from gateway.shift_sales where shift_id = $1`,
        [record.summary.id],
      );
      if (counted[0]?.n !== sales.length || (counted[0]?.unread ?? 0) > 0) return 'sales-changed' as const;
      await tx.query(
        `update gateway.shifts
            set status = 'closed', closed_at = $3, closed_by = $4, expected_cash_cents = $5, expected_card_cents = $6,
                counted_cash_cents = $7, counted_card_cents = $8, difference_reason = $9, z_report = $10::jsonb
          where id = $1 and organisation_id = $2`,
        [
          record.summary.id,
          record.organisationId,
          closedAt.toISOString(),
          principal.accountId,
          expected.cashCents,
          expected.cardCents,
          countedCashCents,
          countedCardCents,
          reason,
          JSON.stringify(zReport),
        ],
      );
      await recordRequestAudit(tx, c, {
        action: 'shift-close',
        status: 200,
        details: {
          shiftId: record.summary.id,
          desk: record.summary.desk.name,
          seller: record.summary.seller.email,
          sales: sales.length,
          expectedCashCents: expected.cashCents,
          expectedCardCents: expected.cardCents,
          countedCashCents,
          countedCardCents,
          differenceCents: difference.totalCents,
          reason,
        },
      });
      return 'closed' as const;
    });
    if (outcome === 'closed-already') throw new ConflictError('This shift is closed already.');
    if (outcome === 'sales-changed') {
      throw new ConflictError('A sale joined this shift while it was being closed: check the totals again.');
    }
    const closed = (await findShift(db, record.organisationId, record.summary.id)) ?? record;
    return c.json(detailOf(principal, closed, sales, totals));
  });

  routes.declare('POST', '/shifts/:shiftId/sign-off', reviewers, async (c) => {
    const principal = c.get('principal');
    const record = await visibleShift(c);
    const body = await parseBody(c, signOffBodySchema);
    if (record.sellerId === principal.accountId) {
      throw new ForbiddenError('You cannot sign off your own shift: a second person does.');
    }
    if (record.closedById === principal.accountId) {
      throw new ForbiddenError('You closed this shift: a second person signs it off.');
    }
    if (record.summary.status === 'open') throw new ConflictError('Close the shift before signing it off.');
    if (record.summary.status === 'signed-off') throw new ConflictError('This shift is signed off already.');
    const note = body.note ? body.note : null;
    const signed = await db.transaction(async (tx) => {
      // Conditional, so two reviewers at once sign it off once; the table's own check refuses the seller.
      const { rows } = await tx.query<{ id: string }>(
        `update gateway.shifts set status = 'signed-off', signed_off_at = now(), signed_off_by = $3, sign_off_note = $4
          where id = $1 and organisation_id = $2 and status = 'closed' returning id`,
        [record.summary.id, record.organisationId, principal.accountId, note],
      );
      if (rows.length === 0) return false;
      await recordRequestAudit(tx, c, {
        action: 'shift-sign-off',
        status: 200,
        details: {
          shiftId: record.summary.id,
          desk: record.summary.desk.name,
          seller: record.summary.seller.email,
          differenceCents: record.summary.differenceCents,
          note,
        },
      });
      return true;
    });
    if (!signed) throw new ConflictError('This shift is signed off already.');
    const fresh = (await findShift(db, record.organisationId, record.summary.id)) ?? record;
    const sales = await salesOfShift(db, record.summary.id);
    const totals = fresh.zReport?.totals ?? (await totalsOf(sales, fresh.summary.openingFloatCents, null));
    return c.json(detailOf(principal, fresh, sales, totals));
  });
}

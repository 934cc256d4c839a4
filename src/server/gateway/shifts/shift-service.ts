import pLimit from 'p-limit';
import type { Logger } from 'pino';
import type {
  BlindCount,
  BlindCountBody,
  CloseShiftBody,
  CurrentShift,
  DrawerOpenings,
  OpenShiftBody,
  PerformanceTotal,
  Reconciliation,
  ShiftDetail,
  ShiftOptions,
  ShiftPage,
  ShiftTotals,
  ZReport,
} from '@/contract/shift';
import { PG_UNIQUE_VIOLATION } from '../../db/connect';
import type { Database, Queryable } from '../../db/database';
import type { RequestAuditEntry } from '../audit';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnavailableError,
  UpstreamUnavailableError,
  ValidationError,
} from '../errors';
import type { Principal } from '../principal';
import { isRefusedBy, PG_CHECK_VIOLATION, SalesPointService, salesPointForShift } from '../sales-points';
import { reconcileShift, type ShiftWindow } from './reconciliation';
import type { OrderReader } from './service-orders';
import { differenceOf, isWithdrawn, shiftTotals } from './shift-math';
import { readUnreadSales } from './shift-sales';
import {
  countDrawerOpenings,
  countSales,
  findOpenShiftOf,
  findShift,
  insertShift,
  isKnownTimeZone,
  listDesks,
  listSellers,
  listShifts,
  lockShift,
  openShiftHolderAt,
  type SaleRecord,
  type ShiftFilter,
  type ShiftRecord,
  salesOfShift,
  storeBlindCount,
  storeClosing,
  storeSignOff,
} from './shift-store';

export const SHIFT_PAGE_SIZE = 50;
const NAME_CONCURRENCY = 4;

/** The person asking, and what their request brings: the service's orders read for them, and its audit entry. */
export interface ShiftCaller {
  principal: Principal;
  /** The client's address as the gateway reads it: a sales point may be limited to a range of them. */
  address: string;
  /** The reader of the organisation's orders, opened for this person. */
  reader(): OrderReader;
  /** Records what this request did, in `tx` (the transaction of the change). */
  audit(tx: Queryable, entry: RequestAuditEntry): Promise<unknown>;
}

const isReviewer = (principal: Principal) => principal.permissions.includes('shifts:review');
const maySell = (principal: Principal) => principal.permissions.includes('sales:sell');

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

/** The totals of `sales`; the performances named when there is a `reader` (a read each). */
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

/** Why `principal` may not sign the shift off, or null when they may. */
function signOffRefusalOf(principal: Principal, record: ShiftRecord): ShiftDetail['signOffRefusal'] {
  if (!isReviewer(principal)) return 'no-permission';
  if (record.summary.status !== 'closed') return 'not-closed';
  if (record.sellerId === principal.accountId) return 'own-shift';
  if (record.closedById === principal.accountId) return 'closed-it';
  return null;
}

/** The sales counted at the close (not withdrawn then) that are withdrawn now. */
function lapsedSince(
  atClose: ShiftTotals,
  sales: readonly SaleRecord[],
): { count: number; amountCents: number } | null {
  const now = sales.filter((sale) => sale.withdrawn);
  const count = now.length - (atClose.withdrawn?.count ?? 0);
  if (count <= 0) return null;
  const amountCents =
    now.reduce((sum, sale) => sum + (sale.amountCents ?? 0), 0) - (atClose.withdrawn?.amountCents ?? 0);
  return { count, amountCents };
}

function detailOf(
  principal: Principal,
  record: ShiftRecord,
  sales: readonly SaleRecord[],
  totals: ShiftTotals,
): ShiftDetail {
  const own = record.sellerId === principal.accountId;
  // Closed: the summary's sales are the Z-report's, as its tables are (they said 10 · € 799,76 above a table of
  // 12 · € 963,84); what lapsed since is said apart.
  const summary = record.zReport
    ? { ...record.summary, salesCount: totals.count, salesTotalCents: totals.amountCents }
    : record.summary;
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
      withdrawn: sale.withdrawn,
    })),
    totals,
    lapsedSinceClose: record.zReport ? lapsedSince(record.zReport.totals, sales) : null,
    zReport: record.zReport,
    blindCount: record.blindCount,
    signOffNote: record.signOffNote,
    mayClose: summary.status === 'open' && ((own && maySell(principal)) || isReviewer(principal)),
    signOffRefusal: signOffRefusalOf(principal, record),
  };
}

/**
 * The sales as the close's reconciliation found their orders (the service's word, which the mirror may not have
 * had yet): a payment link cancelled a moment ago is withdrawn in the Z-report too.
 */
function withdrawnAsReconciled(sales: readonly SaleRecord[], reconciliation: Reconciliation | null): SaleRecord[] {
  const now = new Map(
    (reconciliation?.changed ?? []).flatMap((order) => (order.now ? [[order.orderId, order.now] as const] : [])),
  );
  return sales.map((sale) => {
    const state = now.get(sale.orderId);
    return state && !sale.withdrawn && isWithdrawn(sale.tender, state) ? { ...sale, withdrawn: true } : sale;
  });
}

/**
 * The Z-report of a close: the counted amounts against the expected, refused when they differ without a
 * reason, or when the expected totals the seller saw are not the ones computed now.
 */
function zReportOf(
  totals: ShiftTotals,
  body: CloseShiftBody,
  blindCount: BlindCount | null,
  closedAt: Date,
  reconciliation: Reconciliation | null,
  drawerOpenings: DrawerOpenings,
): ZReport {
  const reason = body.reason ? body.reason : null;
  const expected = { cashCents: totals.expected.cashCents, cardCents: totals.expected.cardCents };
  const counted = { cashCents: body.countedCashCents, cardCents: body.countedCardCents };
  const difference = differenceOf(expected, counted);
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
  return {
    generatedAt: closedAt.toISOString(),
    totals,
    counted,
    difference,
    ...(blindCount ? { blindCount } : {}),
    reason,
    drawerOpenings,
    reconciliation,
  };
}

/**
 * Shifts and cash-up: a seller opens a shift at a desk with a float, their sales through the gateway join it
 * (shift-sales.ts, called by the forwarder), they close it with the counted cash and the terminal's total, and
 * a reviewer — a second person — signs it off. Sellers see their own shifts; reviewers (shifts:review) see
 * every shift of the organisation, may close one left open, and sign them off.
 */
export class ShiftService {
  constructor(
    private readonly db: Database,
    private readonly log: Logger,
    /** Told after a shift at a sales point has closed (the buyer's screens there go back to the welcome). */
    private readonly closedAtSalesPoint?: (organisationId: number, salesPointId: number) => Promise<void>,
  ) {}

  /** The desks and sales points to choose from and, for a reviewer, the sellers to filter by. */
  async options({ principal, address }: ShiftCaller): Promise<ShiftOptions> {
    const [desks, salesPoints, sellers] = await Promise.all([
      listDesks(this.db, principal.organisationId),
      maySell(principal) ? new SalesPointService(this.db).choices({ principal, address }) : Promise.resolve([]),
      isReviewer(principal) ? listSellers(this.db, principal.organisationId) : Promise.resolve([]),
    ]);
    return { desks, salesPoints, sellers };
  }

  /** The person's open shift with its running totals, for the shift bar. */
  async current(caller: ShiftCaller): Promise<CurrentShift> {
    const record = await findOpenShiftOf(this.db, caller.principal.accountId);
    if (!record) return { shift: null, totals: null };
    const sales = await this.currentSales(caller, record);
    // The running totals of the shift bar: no performance names (those cost a read each).
    const totals = await totalsOf(sales, record.summary.openingFloatCents, null);
    return { shift: (await this.reread(record)).summary, totals };
  }

  async open(caller: ShiftCaller, body: OpenShiftBody): Promise<CurrentShift> {
    const { principal } = caller;
    const { openingFloatCents, timeZone } = body;
    if (!(await isKnownTimeZone(this.db, timeZone))) {
      throw ValidationError.field('timeZone', 'An IANA time zone, such as Europe/Amsterdam');
    }
    const salesPoint =
      body.salesPointId === undefined
        ? null
        : await salesPointForShift(this.db, principal, body.salesPointId, caller.address);
    const desk = salesPoint?.name ?? body.desk;
    const shiftId = await this.db
      .transaction(async (tx) => {
        const opened = await insertShift(tx, {
          organisationId: principal.organisationId,
          accountId: principal.accountId,
          deskName: desk,
          salesPointId: salesPoint?.id ?? null,
          timeZone,
          openingFloatCents,
        });
        await caller.audit(tx, {
          action: 'shift-open',
          status: 201,
          details: {
            shiftId: opened.shiftId,
            desk: opened.deskName,
            salesPointId: salesPoint?.id ?? null,
            openingFloatCents,
            timeZone,
          },
        });
        return opened.shiftId;
      })
      .catch((error: unknown) => this.refuseSecondOpenShift(principal, desk, error));
    const record = await findShift(this.db, principal.organisationId, shiftId);
    if (!record) throw new Error('the opened shift was not found');
    return { shift: record.summary, totals: await totalsOf([], openingFloatCents, null) };
  }

  /** A page of shifts: a reviewer's choice of the organisation's, a seller's own only. */
  async list({ principal }: ShiftCaller, filter: ShiftFilter & { page?: number }): Promise<ShiftPage> {
    const own = isReviewer(principal) ? filter : { ...filter, seller: principal.accountId };
    const page = Math.max(1, filter.page ?? 1);
    const { records, total } = await listShifts(this.db, principal.organisationId, own, page, SHIFT_PAGE_SIZE);
    return {
      data: records.map((record) => record.summary),
      page,
      perPage: SHIFT_PAGE_SIZE,
      total,
      lastPage: Math.max(1, Math.ceil(total / SHIFT_PAGE_SIZE)),
    };
  }

  /** A shift with its sales and totals (the Z-report's once closed, else the running ones, performances named). */
  async detail(caller: ShiftCaller, shiftId: number): Promise<ShiftDetail> {
    const record = await this.visibleShift(caller.principal, shiftId);
    const sales = await this.currentSales(caller, record);
    const totals = record.zReport?.totals ?? (await totalsOf(sales, record.summary.openingFloatCents, caller.reader()));
    return detailOf(caller.principal, await this.reread(record), sales, totals);
  }

  async reconciliation(caller: ShiftCaller, shiftId: number): Promise<Reconciliation> {
    const record = await this.visibleShift(caller.principal, shiftId);
    const sales = await this.currentSales(caller, record);
    return reconcileShift(this.db, caller.reader(), windowOf(record), sales);
  }

  /** Closes an open shift with the counted amounts (by its seller or a reviewer), keeping its Z-report. */
  async close(caller: ShiftCaller, shiftId: number, body: CloseShiftBody): Promise<ShiftDetail> {
    const { principal } = caller;
    const record = await this.visibleShift(principal, shiftId);
    const own = record.sellerId === principal.accountId;
    if (!isReviewer(principal) && !(own && maySell(principal))) {
      throw new ForbiddenError('Only the seller or a reviewer closes a shift.');
    }
    if (record.summary.status !== 'open') throw new ConflictError('This shift is closed already.');
    // The amounts of every sale are needed for the expected totals: read what is not read yet.
    const sales = await this.currentSales(caller, record);
    if (sales.some((sale) => !sale.read)) {
      throw new UnavailableError(
        'Some sales of this shift could not be read from the Ticketing Service yet, so its totals are not known. Try again in a moment.',
      );
    }
    const closedAt = new Date();
    const reader = caller.reader();
    const reconciliation = await this.reconcileAtClose(reader, record, sales, closedAt);
    const settled = withdrawnAsReconciled(sales, reconciliation);
    const totals = await totalsOf(settled, record.summary.openingFloatCents, reader);
    const drawerOpenings = await countDrawerOpenings(this.db, record.summary.id);
    const zReport = zReportOf(totals, body, record.blindCount, closedAt, reconciliation, drawerOpenings);
    await this.storeClose(caller, record, settled, zReport);
    return detailOf(principal, await this.reread(record), settled, totals);
  }

  /**
   * Keeps the seller's blind first count of their open shift, once (a reload of the close page asked for a
   * "first" count again after the expected amounts had been seen); the close puts it on the Z-report.
   */
  async recordBlindCount(caller: ShiftCaller, shiftId: number, body: BlindCountBody): Promise<ShiftDetail> {
    const { principal } = caller;
    const record = await this.visibleShift(principal, shiftId);
    if (record.sellerId !== principal.accountId || !maySell(principal)) {
      throw new ForbiddenError('Only the seller counts their own shift blind.');
    }
    if (record.summary.status !== 'open') throw new ConflictError('This shift is closed already.');
    const kept = await this.db.transaction(async (tx) => {
      if (!(await storeBlindCount(tx, record.organisationId, record.summary.id, body))) return false;
      await caller.audit(tx, {
        action: 'shift-blind-count',
        status: 200,
        details: { shiftId: record.summary.id, desk: record.summary.desk.name, ...body },
      });
      return true;
    });
    if (!kept) throw new ConflictError('The blind count of this shift is made already: it stays as it was.');
    return this.detail(caller, shiftId);
  }

  /** Signs a closed shift off: by a reviewer who neither sold in it nor closed it. */
  async signOff(caller: ShiftCaller, shiftId: number, body: { note?: string }): Promise<ShiftDetail> {
    const { principal } = caller;
    const record = await this.visibleShift(principal, shiftId);
    if (record.sellerId === principal.accountId) {
      throw new ForbiddenError('You cannot sign off your own shift: a second person does.');
    }
    if (record.closedById === principal.accountId) {
      throw new ForbiddenError('You closed this shift: a second person signs it off.');
    }
    if (record.summary.status === 'open') throw new ConflictError('Close the shift before signing it off.');
    if (record.summary.status === 'signed-off') throw new ConflictError('This shift is signed off already.');
    const note = body.note ? body.note : null;
    const signed = await this.db.transaction(async (tx) => {
      const done = await storeSignOff(tx, record.organisationId, record.summary.id, {
        signedOffBy: principal.accountId,
        note,
      });
      if (!done) return false;
      await caller.audit(tx, {
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
    const fresh = await this.reread(record);
    const sales = await salesOfShift(this.db, record.summary.id);
    const totals = fresh.zReport?.totals ?? (await totalsOf(sales, fresh.summary.openingFloatCents, null));
    return detailOf(principal, fresh, sales, totals);
  }

  /** A shift the person may see (their own, or any of their organisation's when they review shifts); else 404. */
  private async visibleShift(principal: Principal, shiftId: number): Promise<ShiftRecord> {
    const record = await findShift(this.db, principal.organisationId, shiftId);
    if (!record || (record.sellerId !== principal.accountId && !isReviewer(principal))) {
      throw new NotFoundError('No such shift');
    }
    return record;
  }

  /** The shift as stored now (its counts and state may have moved since `record` was read). */
  private async reread(record: ShiftRecord): Promise<ShiftRecord> {
    return (await findShift(this.db, record.organisationId, record.summary.id)) ?? record;
  }

  /** The sales of a shift, those still unread read from the service first (while it is open). */
  private async currentSales(caller: ShiftCaller, record: ShiftRecord): Promise<SaleRecord[]> {
    const sales = await salesOfShift(this.db, record.summary.id);
    if (record.summary.status !== 'open' || sales.every((sale) => sale.read)) return sales;
    await readUnreadSales(this.db, caller.reader(), record.organisationId, sales, this.log);
    return salesOfShift(this.db, record.summary.id);
  }

  /** A second open shift of the seller or at the desk, told as a conflict that names the open one. */
  private async refuseSecondOpenShift(principal: Principal, desk: string, error: unknown): Promise<never> {
    if (isUniqueViolation(error, 'shifts_one_open_per_seller')) {
      const open = await findOpenShiftOf(this.db, principal.accountId);
      throw new ConflictError(
        `You already have a shift open${open ? ` (shift ${open.summary.id} at ${open.summary.desk.name})` : ''}: close it first.`,
        { extra: { shiftId: open?.summary.id ?? null } },
      );
    }
    if (
      isUniqueViolation(error, 'shifts_one_open_per_desk') ||
      isUniqueViolation(error, 'shifts_one_open_per_sales_point')
    ) {
      const holder = await openShiftHolderAt(this.db, principal.organisationId, desk);
      const message = `Desk ${desk} already has a shift open${holder ? ` (${holder})` : ''}.`;
      throw new ConflictError(message, { errors: { desk: [message] } });
    }
    if (isRefusedBy(error, PG_CHECK_VIOLATION, 'sales_point_enabled')) {
      throw ValidationError.field('salesPointId', 'This sales point was disabled just now');
    }
    throw error;
  }

  /**
   * The Z-report lists the cancellations seen in the orders; when the service cannot be read, it says so
   * (reconciliation null) rather than keep the seller from closing.
   */
  private reconcileAtClose(
    reader: OrderReader,
    record: ShiftRecord,
    sales: readonly SaleRecord[],
    closedAt: Date,
  ): Promise<Reconciliation | null> {
    return reconcileShift(this.db, reader, windowOf(record, closedAt.toISOString()), sales, closedAt).catch(
      (error: unknown) => {
        if (!(error instanceof UpstreamUnavailableError)) throw error;
        this.log.warn({ shiftId: record.summary.id, reason: error.detail }, 'closing without reconciliation');
        return null;
      },
    );
  }

  /** Stores the close with its audit entry, unless the shift was closed or a sale joined it meanwhile. */
  private async storeClose(
    caller: ShiftCaller,
    record: ShiftRecord,
    sales: readonly SaleRecord[],
    zReport: ZReport,
  ): Promise<void> {
    const { summary, organisationId } = record;
    const expected = { cashCents: zReport.totals.expected.cashCents, cardCents: zReport.totals.expected.cardCents };
    const outcome = await this.db.transaction(async (tx) => {
      // Locked: no sale joins the shift while it is counted.
      if ((await lockShift(tx, organisationId, summary.id)) !== 'open') return 'closed-already' as const;
      const counted = await countSales(tx, summary.id);
      if (counted.count !== sales.length || counted.unread > 0) return 'sales-changed' as const;
      await storeClosing(tx, organisationId, summary.id, {
        closedAt: zReport.generatedAt,
        closedBy: caller.principal.accountId,
        expected,
        counted: zReport.counted,
        reason: zReport.reason,
        zReport,
      });
      await caller.audit(tx, {
        action: 'shift-close',
        status: 200,
        details: {
          shiftId: summary.id,
          desk: summary.desk.name,
          seller: summary.seller.email,
          sales: sales.length,
          expectedCashCents: expected.cashCents,
          expectedCardCents: expected.cardCents,
          countedCashCents: zReport.counted.cashCents,
          countedCardCents: zReport.counted.cardCents,
          blindCount: zReport.blindCount ?? null,
          differenceCents: zReport.difference.totalCents,
          reason: zReport.reason,
        },
      });
      return 'closed' as const;
    });
    if (outcome === 'closed-already') throw new ConflictError('This shift is closed already.');
    if (outcome === 'sales-changed') {
      throw new ConflictError('A sale joined this shift while it was being closed: check the totals again.');
    }
    if (summary.salesPointId !== null && this.closedAtSalesPoint) {
      // The shift is closed and counted whatever happens here: a screen not cleared lapses by itself.
      await this.closedAtSalesPoint(organisationId, summary.salesPointId).catch((error: unknown) =>
        this.log.warn({ err: error, shiftId: summary.id }, 'the buyer’s screens of a closed shift were not cleared'),
      );
    }
  }
}

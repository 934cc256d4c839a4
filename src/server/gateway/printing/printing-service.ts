import { isPrintableOrder } from '@/contract/order-printing';
import type {
  ClaimedPrintJob,
  PrinterStatus,
  PrintingStatus,
  PrintJob,
  PrintJobReport,
  PrintLocale,
} from '@/contract/printing';
import { isDevicePrinter, printerAddress, type SalesPoint } from '@/contract/sales-points';
import { countPrints, lockAuditChain } from '../audit';
import type { DeskCaller, DeskService } from '../desk';
import { ConflictError, NotFoundError } from '../errors';
import type { Principal } from '../principal';
import { findSalesPoint } from '../sales-points';
import { type DrawerReason, openShiftAt, tenderOf } from '../shifts';
import { drawerBytes, type PrintSetting, receiptBytes, ticketBytes } from './print-documents';
import {
  claimBrowserJob,
  findPrintJob,
  insertPrintJob,
  type JobPrinter,
  latestJobPerPrinter,
  latestJobs,
  type PrinterRole,
  reportBrowserJob,
  requeueJob,
  type StoredJob,
} from './print-job-store';
import { countDrawerOpening, LEASE_MS, type PrintSenderDeps, sendInBackground } from './print-sender';

/** The person asking: what the desk needs to read an order for them, and their request's audit entry. */
export type PrintingCaller = DeskCaller;

const RECENT_JOBS = 10;

/** The jobs the gateway sends (to network printers); the seller's browser claims the others. */
const sentByGateway = (jobs: readonly StoredJob[]) =>
  jobs.filter((stored) => !isDevicePrinter(stored.printer)).map((stored) => stored.job.id);

/** The sales point of the person's open shift, or the refusal that says what to do. */
interface Station {
  shiftId: number;
  salesPoint: SalesPoint;
}

const printerOf = (point: SalesPoint, role: PrinterRole): JobPrinter | null => {
  const printer = role === 'receipt' ? point.receiptPrinter : point.ticketPrinter;
  return printer ? { ...printer, role } : null;
};

/** The printer as set, without the role the job store adds. */
const settingsOf = ({ role: _role, ...printer }: JobPrinter) => printer;

/** Tickets go to the ticket printer, receipts to the receipt printer; one printer does both when it is alone. */
const targetOf = (point: SalesPoint, document: 'receipt' | 'tickets'): JobPrinter | null =>
  document === 'receipt'
    ? (printerOf(point, 'receipt') ?? printerOf(point, 'ticket'))
    : (printerOf(point, 'ticket') ?? printerOf(point, 'receipt'));

/**
 * Printing at a sales point (issue 31 item 2) and its cash drawer (item 3): a sale's receipt and tickets made
 * into print jobs for the sales point's printers, sent by the gateway (print-sender.ts); reprints numbered in
 * the audit trail as the browser's prints are (desk/), and marked on the paper; the drawer opened by the
 * receipt printer's pulse on a cash sale, on "no sale" and at cash-up.
 */
export class PrintingService {
  constructor(
    private readonly deps: PrintSenderDeps,
    private readonly desk: DeskService,
  ) {}

  /**
   * Queues the order's receipt and tickets for the printers of the seller's sales point and sends them right
   * after: the answer never waits for a printer. The receipt of a cash sale opens the drawer, the first time.
   */
  async printOrder(
    caller: PrintingCaller,
    orderId: number,
    options: { locale: PrintLocale; documents: readonly ('receipt' | 'tickets')[]; receivedCents?: number | undefined },
  ): Promise<PrintJob[]> {
    // The order's print data (the service's reads, the longest part) is read while the station is looked up.
    const [atStation, printData] = await Promise.allSettled([
      this.station(caller.principal),
      this.desk.printData(caller, orderId),
    ]);
    if (atStation.status === 'rejected') throw atStation.reason;
    const station = atStation.value;
    const documents = options.documents.flatMap((document) => {
      const printer = targetOf(station.salesPoint, document);
      return printer ? [{ document, printer }] : [];
    });
    if (documents.length === 0) {
      throw new ConflictError(`Sales point ${station.salesPoint.name} has no printer: print from the browser.`);
    }
    if (printData.status === 'rejected') throw printData.reason;
    const data = printData.value;
    if (!isPrintableOrder(data.order)) {
      throw new ConflictError(
        `Order ${orderId} is ${String(data.order.orderStatus)} (payment ${String(data.order.orderPaymentStatus)}): it has no valid tickets to print.`,
      );
    }
    const cash =
      tenderOf(typeof data.order.handlingTextPayment === 'string' ? data.order.handlingTextPayment : null, false) ===
      'cash';
    // The cash handed over is a cash sale's alone; a card's receipt shows no change.
    const receivedCents = cash ? (options.receivedCents ?? null) : null;
    const jobs = await this.deps.db.transaction(async (tx) => {
      // Under the chain's lock, as the browser's prints: two prints at once get two different numbers.
      await lockAuditChain(tx, caller.principal.organisationId);
      const made: StoredJob[] = [];
      for (const { document, printer } of documents) {
        const printNumber = (await countPrints(tx, caller.principal.organisationId, orderId, document)) + 1;
        const setting: PrintSetting = {
          printer,
          locale: options.locale,
          heading: [caller.principal.clientName.toUpperCase(), station.salesPoint.name],
          printNumber,
        };
        const drawer =
          document === 'receipt' &&
          cash &&
          printNumber === 1 &&
          station.salesPoint.cashDrawer &&
          printer.role === 'receipt';
        const stored = await insertPrintJob(tx, {
          organisationId: caller.principal.organisationId,
          salesPointId: station.salesPoint.id,
          shiftId: station.shiftId,
          orderId,
          kind: document,
          reprint: printNumber > 1,
          printer,
          payload:
            document === 'receipt'
              ? receiptBytes(data, setting, { drawer, receivedCents })
              : ticketBytes(data, setting),
          drawerReason: drawer ? 'sale' : null,
          requestedBy: caller.principal.accountId,
        });
        await caller.audit(tx, {
          action: 'print',
          status: 201,
          orderId,
          details: {
            kind: document,
            layout: `${printer.paperWidth}mm`,
            printNumber,
            reprint: printNumber > 1,
            salesPointId: station.salesPoint.id,
            printJobId: stored.job.id,
            opensDrawer: drawer,
            ...(document === 'receipt' && receivedCents !== null ? { receivedCents } : {}),
          },
        });
        made.push(stored);
      }
      return made;
    });
    sendInBackground(this.deps, sentByGateway(jobs));
    return jobs.map((stored) => stored.job);
  }

  /** Opens the drawer of the seller's sales point: "no sale" (with its reason) or at cash-up. */
  async openDrawer(
    caller: Pick<PrintingCaller, 'principal' | 'audit'>,
    reason: Exclude<DrawerReason, 'sale'>,
    note: string | null,
  ): Promise<PrintJob> {
    const station = await this.station(caller.principal);
    const printer = printerOf(station.salesPoint, 'receipt');
    if (!station.salesPoint.cashDrawer || !printer) {
      throw new ConflictError(`Sales point ${station.salesPoint.name} has no cash drawer.`);
    }
    const stored = await this.deps.db.transaction(async (tx) => {
      const job = await insertPrintJob(tx, {
        organisationId: caller.principal.organisationId,
        salesPointId: station.salesPoint.id,
        shiftId: station.shiftId,
        orderId: null,
        kind: 'drawer',
        reprint: false,
        printer,
        payload: drawerBytes(printer),
        drawerReason: reason,
        requestedBy: caller.principal.accountId,
      });
      await caller.audit(tx, {
        action: 'drawer-open',
        status: 201,
        details: {
          reason,
          note,
          salesPointId: station.salesPoint.id,
          shiftId: station.shiftId,
          printJobId: job.job.id,
        },
      });
      return job;
    });
    sendInBackground(this.deps, sentByGateway([stored]));
    return stored.job;
  }

  /** Sends a failed job again, as it was made (a reprint stays marked as one). */
  async retry(caller: Pick<PrintingCaller, 'principal' | 'audit'>, jobId: number): Promise<PrintJob> {
    const { organisationId } = caller.principal;
    const found = await findPrintJob(this.deps.db, organisationId, jobId);
    if (!found) throw new NotFoundError('No such print job');
    const requeued = await this.deps.db.transaction(async (tx) => {
      if (!(await requeueJob(tx, organisationId, jobId))) return false;
      await caller.audit(tx, {
        action: 'print-retry',
        status: 200,
        orderId: found.job.orderId,
        details: {
          printJobId: jobId,
          kind: found.job.kind,
          reprint: found.job.reprint,
          previousError: found.job.error,
        },
      });
      return true;
    });
    if (!requeued) throw new ConflictError('This print job has not failed: it is sent, or on its way.');
    sendInBackground(this.deps, sentByGateway([found]));
    return { ...found.job, status: 'queued', error: null };
  }

  /** The seller's sales point, its printers' state (from their latest jobs) and its latest jobs. */
  async status(principal: Principal): Promise<PrintingStatus> {
    const shift = await openShiftAt(this.deps.db, principal.accountId);
    const point =
      shift?.salesPointId == null
        ? null
        : await findSalesPoint(this.deps.db, principal.organisationId, shift.salesPointId);
    if (!point) return { salesPoint: null, printers: [], jobs: [] };
    const [latest, jobs] = await Promise.all([
      latestJobPerPrinter(this.deps.db, point.id),
      latestJobs(this.deps.db, point.id, RECENT_JOBS),
    ]);
    const printers = (['receipt', 'ticket'] as const).flatMap((role): PrinterStatus[] => {
      const printer = printerOf(point, role);
      if (!printer) return [];
      const last = latest.get(role);
      return [
        {
          printer: role,
          address: printerAddress(printer),
          settings: settingsOf(printer),
          state: !last ? 'idle' : last.job.status === 'sent' ? 'ok' : last.job.status === 'failed' ? 'failed' : 'busy',
          outOfPaper: last?.job.status === 'failed' && last.outOfPaper,
          error: last?.job.status === 'failed' ? last.job.error : null,
          at: last ? (last.job.sentAt ?? last.job.createdAt) : null,
        },
      ];
    });
    return {
      salesPoint: {
        id: point.id,
        name: point.name,
        cashDrawer: point.cashDrawer,
        printsHere: point.receiptPrinter !== null || point.ticketPrinter !== null,
        paymentMethodIds: point.paymentMethodIds,
      },
      printers,
      jobs: jobs.map((stored) => stored.job),
    };
  }

  /**
   * The seller's browser takes a job for the USB or serial printer of the sales point it works at (a lease, so
   * two tabs never print it twice): the bytes to send and the lease to report with.
   */
  async claim(principal: Principal, jobId: number): Promise<ClaimedPrintJob> {
    const found = await this.deviceJobAtStation(principal, jobId);
    const claimed = await claimBrowserJob(this.deps.db, found.job.id, LEASE_MS);
    if (!claimed) throw new ConflictError('This print job is taken by another tab, or printed already.');
    return {
      job: claimed.stored.job,
      lease: claimed.lease,
      leaseUntil: claimed.leaseUntil,
      printer: settingsOf(claimed.stored.printer),
      payload: Buffer.from(claimed.payload).toString('base64'),
    };
  }

  /** What became of a job the seller's browser claimed: sent (its drawer opening counted) or the device's error. */
  async report(principal: Principal, jobId: number, report: PrintJobReport): Promise<PrintJob> {
    const found = await this.deviceJobAtStation(principal, jobId);
    const taken = await this.deps.db.transaction(async (tx) => {
      const outcome =
        report.outcome === 'sent' ? { sent: true as const } : { sent: false as const, error: report.error };
      if (!(await reportBrowserJob(tx, jobId, report.lease, outcome))) return false;
      if (outcome.sent) await countDrawerOpening(tx, found);
      return true;
    });
    if (!taken) throw new ConflictError('This tab no longer holds the print job: its lease ran out or was taken.');
    const after = await findPrintJob(this.deps.db, principal.organisationId, jobId);
    return (after ?? found).job;
  }

  /** A job of a USB or serial printer at the seller's sales point, or the refusal. */
  private async deviceJobAtStation(principal: Principal, jobId: number): Promise<StoredJob> {
    const found = await findPrintJob(this.deps.db, principal.organisationId, jobId);
    if (!found) throw new NotFoundError('No such print job');
    const station = await this.station(principal);
    if (found.salesPointId !== station.salesPoint.id) {
      throw new ConflictError('This print job is for another sales point’s printer.');
    }
    if (!isDevicePrinter(found.printer)) throw new ConflictError('The gateway sends this print job to its printer.');
    return found;
  }

  private async station(principal: Principal): Promise<Station> {
    const shift = await openShiftAt(this.deps.db, principal.accountId);
    if (!shift) throw new ConflictError('Open a shift at a sales point to print there.');
    if (shift.salesPointId === null) {
      throw new ConflictError('Your shift is not at a sales point: print from the browser.');
    }
    const salesPoint = await findSalesPoint(this.deps.db, principal.organisationId, shift.salesPointId);
    if (!salesPoint) throw new ConflictError('Your shift is not at a sales point: print from the browser.');
    return { shiftId: shift.shiftId, salesPoint };
  }
}

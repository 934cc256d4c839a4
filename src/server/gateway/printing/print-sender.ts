import type { Logger } from 'pino';
import { type NetworkPrinter, printerAddress } from '@/contract/sales-points';
import type { Database, Queryable } from '../../db/database';
import { insertDrawerOpening } from '../shifts';
import { type ClaimedJob, claimJobs, dueJobIds, markFailed, markSent, type StoredJob } from './print-job-store';
import { PRINTER_TIMEOUTS, PrinterError, type PrinterTimeouts, sendToPrinter } from './printer-connection';

/**
 * Sends print jobs: right after a request queues them (in the background, the request has answered), and
 * every few seconds those nobody took (scheduler.ts). Each send first takes the job's lease in the database, so
 * two instances never send one job twice; a sender that dies mid-send leaves a lease that runs out.
 */

/** Longer than any send can take (connect + status + stall deadlines), so a live sender never loses its job. */
export const LEASE_MS = 60_000;
/** A queued job this old was not taken by its request's sender (the process ended): the sweep sends it. */
const ORPHANED_AFTER_MS = 5_000;
const SWEEP_BATCH = 20;
export const PRINT_SWEEP_INTERVAL_MS = 5_000;

export interface PrintSenderDeps {
  db: Database;
  log: Logger;
  timeouts?: PrinterTimeouts;
}

/** What the printer made of a job: null when it took it. */
async function transmit(deps: PrintSenderDeps, { stored, payload }: ClaimedJob): Promise<PrinterError | null> {
  // claimJobs takes only the gateway's jobs: those of network printers.
  const printer = stored.printer as NetworkPrinter;
  try {
    await sendToPrinter(printer, payload, deps.timeouts ?? PRINTER_TIMEOUTS);
    return null;
  } catch (error) {
    const failure = error instanceof PrinterError ? error : new PrinterError((error as Error).message);
    deps.log.warn(
      { jobId: stored.job.id, printer: printerAddress(printer), reason: failure.message },
      'print job failed',
    );
    return failure;
  }
}

/** Marks a job sent (counting its drawer opening in the shift) or failed with the printer's error. */
async function record(deps: PrintSenderDeps, { stored }: ClaimedJob, failure: PrinterError | null): Promise<void> {
  const jobId = stored.job.id;
  if (failure) {
    await markFailed(deps.db, jobId, failure.message, failure.outOfPaper);
    return;
  }
  await deps.db.transaction(async (tx) => {
    if (await markSent(tx, jobId)) await countDrawerOpening(tx, stored);
  });
}

/**
 * Sends the jobs still to be sent, one after the other (a printer takes one connection at a time): all taken
 * in one statement, and each job's bytes go out before the previous job's outcome is written, so the database
 * stays off the way from the first byte to the last. Never throws for a printer's failure.
 */
export async function sendJobs(deps: PrintSenderDeps, jobIds: readonly number[]): Promise<void> {
  // Each job's lease covers its wait behind the ones before it.
  const claimed = await claimJobs(deps.db, jobIds, LEASE_MS * jobIds.length);
  const outcomes: Promise<void>[] = [];
  for (const job of claimed) {
    const failure = await transmit(deps, job);
    outcomes.push(record(deps, job, failure));
  }
  await Promise.all(outcomes);
}

/** A sent job that opens the drawer counts in its shift's Z-report (whoever sent it). */
export async function countDrawerOpening(tx: Queryable, stored: StoredJob): Promise<void> {
  if (!stored.drawerReason || stored.shiftId === null) return;
  await insertDrawerOpening(tx, {
    organisationId: stored.organisationId,
    shiftId: stored.shiftId,
    reason: stored.drawerReason,
    printJobId: stored.job.id,
  });
}

/** Sends `jobIds` one after the other (a printer takes one connection at a time), logging what goes wrong. */
export function sendInBackground(deps: PrintSenderDeps, jobIds: readonly number[]): void {
  if (jobIds.length === 0) return;
  sendJobs(deps, jobIds).catch((error: unknown) => {
    deps.log.error(
      { jobIds, reason: (error as Error).message },
      'print jobs could not be sent now: the sweep sends them',
    );
  });
}

/** The scheduler's run: jobs left queued by a sender that is gone, or abandoned mid-send. */
export async function sendOrphanedJobs(deps: PrintSenderDeps): Promise<void> {
  try {
    await sendJobs(deps, await dueJobIds(deps.db, ORPHANED_AFTER_MS, SWEEP_BATCH));
  } catch (error) {
    // The database may be away for a moment: the next run tries again.
    deps.log.warn({ reason: (error as Error).message }, 'print jobs not swept');
  }
}

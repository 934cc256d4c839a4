import { randomUUID } from 'node:crypto';
import type { PrintJob, PrintJobStatus } from '@/contract/printing';
import { isDevicePrinter, type Printer } from '@/contract/sales-points';
import type { Queryable } from '../../db/database';
import type { DrawerReason } from '../shifts';

/** All SQL of gateway.print_jobs (migrations 022, 025). */

export type PrinterRole = 'receipt' | 'ticket';

/** The printer a job goes to, as it was set when the job was made. */
export type JobPrinter = Printer & { role: PrinterRole };

export interface NewPrintJob {
  organisationId: number;
  salesPointId: number;
  shiftId: number | null;
  orderId: number | null;
  kind: PrintJob['kind'];
  reprint: boolean;
  printer: JobPrinter;
  payload: Uint8Array;
  drawerReason: DrawerReason | null;
  /** Null: made by the gateway itself. */
  requestedBy: number | null;
}

interface JobRow {
  id: string;
  organisation_id: string;
  sales_point_id: string;
  shift_id: string | null;
  kind: PrintJob['kind'];
  order_id: string | null;
  printer: JobPrinter;
  reprint: boolean;
  drawer_reason: DrawerReason | null;
  status: PrintJobStatus;
  attempts: number;
  error: string | null;
  out_of_paper: boolean;
  created_at: Date | string;
  sent_at: Date | string | null;
}

const COLUMNS = `id, organisation_id, sales_point_id, shift_id, kind, order_id, printer, reprint, drawer_reason, status, attempts, error,
  out_of_paper, created_at, sent_at`;

/** A job as the app reads it, with what the store keeps beside (its printer, whether it reported no paper). */
export interface StoredJob {
  job: PrintJob;
  organisationId: number;
  salesPointId: number;
  shiftId: number | null;
  printer: JobPrinter;
  drawerReason: DrawerReason | null;
  outOfPaper: boolean;
}

const storedOf = (row: JobRow): StoredJob => ({
  organisationId: Number(row.organisation_id),
  salesPointId: Number(row.sales_point_id),
  shiftId: row.shift_id === null ? null : Number(row.shift_id),
  printer: row.printer,
  drawerReason: row.drawer_reason,
  outOfPaper: row.out_of_paper,
  job: {
    id: Number(row.id),
    kind: row.kind,
    orderId: row.order_id === null ? null : Number(row.order_id),
    printer: row.printer.role,
    connection: row.printer.connection,
    reprint: row.reprint,
    opensDrawer: row.drawer_reason !== null,
    status: row.status,
    attempts: row.attempts,
    error: row.error,
    createdAt: new Date(row.created_at).toISOString(),
    sentAt: row.sent_at === null ? null : new Date(row.sent_at).toISOString(),
  },
});

export async function insertPrintJob(tx: Queryable, job: NewPrintJob): Promise<StoredJob> {
  const { rows } = await tx.query<JobRow>(
    `insert into gateway.print_jobs (organisation_id, sales_point_id, shift_id, order_id, kind, reprint, printer, payload,
            drawer_reason, requested_by, sent_by)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11)
     returning ${COLUMNS}`,
    [
      job.organisationId,
      job.salesPointId,
      job.shiftId,
      job.orderId,
      job.kind,
      job.reprint,
      JSON.stringify(job.printer),
      job.payload,
      job.drawerReason,
      job.requestedBy,
      isDevicePrinter(job.printer) ? 'browser' : 'gateway',
    ],
  );
  return storedOf(rows[0] as JobRow);
}

export async function findPrintJob(db: Queryable, organisationId: number, jobId: number): Promise<StoredJob | null> {
  const { rows } = await db.query<JobRow>(
    `select ${COLUMNS} from gateway.print_jobs where organisation_id = $1 and id = $2`,
    [organisationId, jobId],
  );
  return rows[0] ? storedOf(rows[0]) : null;
}

/** The sales point's latest jobs, newest first. */
export async function latestJobs(db: Queryable, salesPointId: number, limit: number): Promise<StoredJob[]> {
  const { rows } = await db.query<JobRow>(
    `select ${COLUMNS} from gateway.print_jobs where sales_point_id = $1 order by id desc limit $2`,
    [salesPointId, limit],
  );
  return rows.map(storedOf);
}

/** The latest job of each of the sales point's printers (by role). */
export async function latestJobPerPrinter(db: Queryable, salesPointId: number): Promise<Map<PrinterRole, StoredJob>> {
  const { rows } = await db.query<JobRow>(
    `select distinct on (printer->>'role') ${COLUMNS}
       from gateway.print_jobs where sales_point_id = $1
      order by printer->>'role', id desc`,
    [salesPointId],
  );
  return new Map(rows.map((row) => [row.printer.role, storedOf(row)]));
}

/** A job taken for sending: what goes out and where. */
export interface ClaimedJob {
  stored: StoredJob;
  payload: Uint8Array;
}

/**
 * Takes jobs for sending until `leaseMs` from now, in one statement: the queued ones, and those whose sender's
 * lease ran out (it crashed mid-send). A conditional update, so of two instances trying at once exactly one gets
 * each. In id order (the order they were made: receipt, then tickets).
 */
export async function claimJobs(db: Queryable, jobIds: readonly number[], leaseMs: number): Promise<ClaimedJob[]> {
  const { rows } = await db.query<JobRow & { payload: Uint8Array }>(
    `update gateway.print_jobs
        set status = 'sending', attempts = attempts + 1, lease_until = now() + $2 * interval '1 millisecond'
      where id = any($1::bigint[]) and sent_by = 'gateway'
        and (status = 'queued' or (status = 'sending' and lease_until < now()))
     returning ${COLUMNS}, payload`,
    [jobIds, leaseMs],
  );
  return rows
    .map((row) => ({ stored: storedOf(row), payload: new Uint8Array(row.payload) }))
    .sort((a, b) => a.stored.job.id - b.stored.job.id);
}

/** Jobs waiting to be sent: queued a moment ago and not taken (their request's sender is gone), or abandoned. */
export async function dueJobIds(db: Queryable, olderThanMs: number, limit: number): Promise<number[]> {
  const { rows } = await db.query<{ id: string }>(
    `select id from gateway.print_jobs
      where sent_by = 'gateway'
        and ((status = 'queued' and created_at < now() - $1 * interval '1 millisecond')
          or (status = 'sending' and lease_until < now()))
      order by id limit $2`,
    [olderThanMs, limit],
  );
  return rows.map((row) => Number(row.id));
}

export async function markSent(tx: Queryable, jobId: number): Promise<boolean> {
  const { rowCount } = await tx.query(
    `update gateway.print_jobs
        set status = 'sent', sent_at = now(), error = null, out_of_paper = false, lease_until = null
      where id = $1 and status = 'sending'`,
    [jobId],
  );
  return (rowCount ?? 0) > 0;
}

export async function markFailed(db: Queryable, jobId: number, error: string, outOfPaper: boolean): Promise<void> {
  await db.query(
    `update gateway.print_jobs set status = 'failed', error = $2, out_of_paper = $3, lease_until = null
      where id = $1 and status = 'sending'`,
    [jobId, error, outOfPaper],
  );
}

/** A failed job queued again; false when it is not failed (sent meanwhile, or queued already). */
export async function requeueJob(tx: Queryable, organisationId: number, jobId: number): Promise<boolean> {
  const { rowCount } = await tx.query(
    `update gateway.print_jobs set status = 'queued', lease_until = null, lease_token = null
      where organisation_id = $1 and id = $2 and status = 'failed'`,
    [organisationId, jobId],
  );
  return (rowCount ?? 0) > 0;
}

/** A job the seller's browser took for its USB or serial printer: the bytes, and the lease that reports it. */
export interface BrowserClaim extends ClaimedJob {
  lease: string;
  leaseUntil: string;
}

/**
 * Takes a browser's job (queued, or whose tab's lease ran out) for the tab with a new lease token: one
 * conditional update, so of two tabs claiming at once exactly one gets it.
 */
export async function claimBrowserJob(db: Queryable, jobId: number, leaseMs: number): Promise<BrowserClaim | null> {
  const { rows } = await db.query<JobRow & { payload: Uint8Array; lease_token: string; lease_until: Date | string }>(
    `update gateway.print_jobs
        set status = 'sending', attempts = attempts + 1, lease_until = now() + $2 * interval '1 millisecond',
            lease_token = $3
      where id = $1 and sent_by = 'browser'
        and (status = 'queued' or (status = 'sending' and lease_until < now()))
     returning ${COLUMNS}, payload, lease_token, lease_until`,
    [jobId, leaseMs, randomUUID()],
  );
  const row = rows[0];
  return row
    ? {
        stored: storedOf(row),
        payload: new Uint8Array(row.payload),
        lease: row.lease_token,
        leaseUntil: new Date(row.lease_until).toISOString(),
      }
    : null;
}

/**
 * The outcome of a browser's job, from the tab holding its lease (while it runs): true when taken. A sent job
 * is marked as the gateway's are; a failed one keeps the device's error.
 */
export async function reportBrowserJob(
  tx: Queryable,
  jobId: number,
  lease: string,
  outcome: { sent: true } | { sent: false; error: string },
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `update gateway.print_jobs
        set status = $3, sent_at = case when $3 = 'sent' then now() end, error = $4, out_of_paper = false,
            lease_until = null, lease_token = null
      where id = $1 and sent_by = 'browser' and status = 'sending' and lease_token = $2 and lease_until >= now()`,
    [jobId, lease, outcome.sent ? 'sent' : 'failed', outcome.sent ? null : outcome.error],
  );
  return (rowCount ?? 0) > 0;
}

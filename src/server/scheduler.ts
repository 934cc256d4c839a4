import type { Logger } from 'pino';
import { inBackground } from './db/database';
import { AUDIT_ANCHOR_EVERY_MS, anchorAuditHeads } from './gateway/audit';
import { SEARCH_CATCH_UP_MS } from './gateway/customer-search';
import type { GatewayDeps } from './gateway/gateway-deps';
import { PRINT_SWEEP_INTERVAL_MS, sendOrphanedJobs } from './gateway/printing';
import { refreshSegmentTotals } from './gateway/segments';
import type { ServiceDeps } from './service/context';
import { sweepIntervalMs, sweepPaymentWindow } from './service/domain/payment-window';
import { deleteOldHits } from './service/rate-limits';

/** A background job: what it does lives with its concern; the scheduler only starts and stops it. */
export interface BackgroundJob {
  start(): void;
  /** Stops its timer and waits for a run under way. */
  stop(): Promise<void>;
}

/** Foyer's background jobs by name; the name is also the job's log name (pino `name`). */
export type JobName =
  | 'mirror-sync'
  | 'duplicate-scan'
  | 'shared-reads'
  | 'export-schedules'
  | 'customer-jobs'
  | 'auto-tags'
  | 'report-rollups'
  | 'segment-totals'
  | 'customer-search'
  | 'audit-anchors'
  | 'payment-window'
  | 'rate-limit-cleanup'
  | 'print-jobs';

/** How often the segments' per-customer order totals catch up with the mirror's writes. */
const SEGMENT_TOTALS_MS = 10_000;

/** How often the old rate-limit counters are deleted (they are of no use a day after their window). */
const RATE_LIMIT_CLEANUP_MS = 60 * 60 * 1000;

/**
 * The one list of background jobs, started and stopped together by run-foyer.ts. Every process runs them all:
 * the mirror sync and the export schedules take a lease per organisation or schedule, the rollups an advisory
 * lock, and the payment window's sweep locks the orders it lapses (SKIP LOCKED), so instances never do one
 * piece of work twice. The service's jobs run only with the embedded service (`service` absent upstream).
 */
export function backgroundJobs(
  gateway: GatewayDeps,
  service: ServiceDeps | null,
  options: { auditAnchorFile?: string } = {},
): Map<JobName, BackgroundJob> {
  const jobs = new Map<JobName, BackgroundJob>([
    // Every MIRROR_SYNC_INTERVAL_SECONDS, one instance per organisation (the lease).
    ['mirror-sync', gateway.mirror],
    ['report-rollups', gateway.reportRollups],
    // After each complete mirror sync (and a full scan first), one instance per organisation (the lease).
    ['duplicate-scan', gateway.duplicateScanner],
    // The dashboard's events, halls and availability, after each sync round by one instance (the round's mark).
    ['shared-reads', gateway.sharedReads],
  ]);
  if (gateway.exportScheduler) jobs.set('export-schedules', gateway.exportScheduler);
  // Each job by one instance at a time (a lease per job), paced towards the service; auto tags after each sync.
  jobs.set('customer-jobs', gateway.customerJobs);
  jobs.set('auto-tags', gateway.autoTags);
  // Print jobs a sender left queued (its process ended) or abandoned mid-send; each send takes a lease.
  const printLog = gateway.log.child({ name: 'print-jobs' });
  jobs.set(
    'print-jobs',
    periodicJob(PRINT_SWEEP_INTERVAL_MS, () => sendOrphanedJobs({ db: gateway.db, log: printLog })),
  );
  // The segments' per-customer order totals catch up with the mirror's writes (marked, never waited for).
  const segmentLog = gateway.log.child({ name: 'segment-totals' });
  jobs.set(
    'segment-totals',
    periodicJob(SEGMENT_TOTALS_MS, () =>
      inBackground(() => refreshSegmentTotals(gateway.db)).catch((error: unknown) => {
        segmentLog.warn({ err: error }, 'segment totals not refreshed');
      }),
    ),
  );
  // This process's customer search takes in what the mirror took in, so no search waits to read a sync's writes.
  const searchLog = gateway.log.child({ name: 'customer-search' });
  jobs.set(
    'customer-search',
    periodicJob(SEARCH_CATCH_UP_MS, () =>
      inBackground(() => gateway.customerDirectories.catchUpAll()).catch((error: unknown) => {
        searchLog.warn({ err: error }, 'customer search not caught up with the mirror');
      }),
    ),
  );
  const { auditAnchorFile } = options;
  if (auditAnchorFile) {
    // Each audit chain's head, anchored outside the database at start and daily (what audit:verify compares).
    const log = gateway.log.child({ name: 'audit-anchors' });
    jobs.set(
      'audit-anchors',
      periodicJob(AUDIT_ANCHOR_EVERY_MS, () => anchorAuditHeads({ db: gateway.db, file: auditAnchorFile, log })),
    );
  }
  if (service) {
    const log = (name: JobName) => service.log.child({ name });
    jobs.set(
      'payment-window',
      periodicJob(sweepIntervalMs(service.paymentWindowSeconds), () =>
        sweepPaymentWindow({ db: service.db, log: log('payment-window'), now: service.now }),
      ),
    );
    const cleanupLog = log('rate-limit-cleanup');
    jobs.set(
      'rate-limit-cleanup',
      periodicJob(RATE_LIMIT_CLEANUP_MS, () =>
        deleteOldHits(service.db, service.now()).catch((error: unknown) => {
          // The database may be down for a moment (restart, failover): the next run tries again.
          cleanupLog.warn({ err: error }, 'rate-limit counters not cleaned up');
        }),
      ),
    );
  }
  return jobs;
}

/**
 * Jobs whose first run after a start may hold the database for seconds at 100,000 customers (a full duplicate
 * scan, the segments' totals of a sync made while the process was down, the auto tags' counts after them): on PGlite, whose one connection runs a statement at a time, the first sign-ins and searches after a start
 * waited behind them (issue 32: 4–7 s from sign-in to the first customer result). They start once the process
 * is ready and JOBS_QUIET_START_SECONDS later (run-foyer.ts); the rest (the sync, payments, printing, the customer
 * jobs people start) at once.
 */
const STARTED_WHEN_QUIET: ReadonlySet<JobName> = new Set(['duplicate-scan', 'segment-totals', 'auto-tags']);

/**
 * Starts every job — those that are heavy at first once `ready` has settled and `quietMs` more have passed —;
 * the returned stop stops them all (and those not started yet) and waits for the runs under way.
 */
export function startJobs(
  jobs: Map<JobName, BackgroundJob>,
  log: Logger,
  { ready = Promise.resolve(), quietMs = 0 }: { ready?: Promise<unknown>; quietMs?: number } = {},
): { stop(): Promise<void> } {
  const later = [...jobs].filter(([name]) => quietMs > 0 && STARTED_WHEN_QUIET.has(name));
  for (const [name, job] of jobs) if (!later.some(([late]) => late === name)) job.start();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  if (later.length > 0) {
    void ready
      .catch(() => undefined)
      .then(() => {
        if (stopped) return;
        timer = setTimeout(() => {
          if (stopped) return;
          for (const [, job] of later) job.start();
          log.info({ jobs: later.map(([name]) => name) }, 'background jobs started after the quiet start');
        }, quietMs);
        timer.unref();
      });
  }
  log.info({ jobs: [...jobs.keys()], later: later.map(([name]) => name), quietMs }, 'background jobs started');
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.all([...jobs.values()].map((job) => job.stop()));
    },
  };
}

/** A job that runs `run` at once and then every `intervalMs`, never two runs at a time. */
export function periodicJob(intervalMs: number, run: () => Promise<void>): BackgroundJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= run().finally(() => {
      running = null;
    });
  };
  return {
    start() {
      if (timer) return;
      timer = setInterval(tick, intervalMs).unref();
      tick();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

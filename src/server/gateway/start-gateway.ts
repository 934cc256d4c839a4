import type { Logger } from 'pino';
import type { Database } from '../db/database';
import {
  accountNames,
  DEFAULT_THROTTLE,
  SessionStore,
  SignInThrottle,
  setupLinkIfFresh,
  type ThrottleLimits,
} from './auth';
import { loadKeyVault, Organisations } from './connection';
import {
  AutoTagKeeper,
  addTagAction,
  CustomerJobActions,
  CustomerJobRunner,
  removeTagAction,
  type SegmentMembers,
} from './customer-jobs';
import { CustomerDirectories } from './customer-search';
import { DuplicateScanner } from './duplicates';
import { ExportScheduler } from './exports';
import type { GatewayDeps } from './gateway-deps';
import { MirrorSync } from './mirror';
import { anonymiseAction } from './privacy';
import { EventCatalog, ReportRollupKeeper, SharedReadKeeper } from './reports';
import { findSegment, SegmentFactsDirectories, segmentMemberIds } from './segments';
import type { ServiceConnection } from './service-connection';
import { migrateGateway, seedDemoAccounts } from './store';

export interface GatewayConfig {
  DATA_DIR: string;
  FOYER_MASTER_KEY?: string | undefined;
  SESSION_SECRET?: string | undefined;
  /** Where scheduled exports are written; without it there are no scheduled exports. */
  EXPORT_DIR?: string | undefined;
  MIRROR_SYNC_INTERVAL_SECONDS?: number | undefined;
  MIRROR_SYNC_CONCURRENCY?: number | undefined;
  CUSTOMER_JOB_CALLS_PER_SECOND?: number | undefined;
}

export interface OpenedGateway {
  deps: GatewayDeps;
  /** The one-time setup path (`/setup/<token>`) of a fresh install, to print; null when people exist. */
  setupPath: string | null;
}

/**
 * Opens the gateway's store in `db` (migrating it), loads the master key, and — with `seedDemo` — connects
 * the embedded demo clients with their demo accounts. A store without any account gets a setup link.
 */
export async function openGateway(
  config: GatewayConfig,
  options: {
    db: Database;
    service: ServiceConnection;
    log: Logger;
    seedDemo: boolean;
    throttle?: ThrottleLimits;
    clientAddress?: GatewayDeps['clientAddress'];
    trustProxy?: GatewayDeps['trustProxy'];
    /** A segment's members for tagging a segment and auto tags; default the segments concern's own. */
    segments?: SegmentMembers;
  },
): Promise<OpenedGateway> {
  const { db, log } = options;
  const applied = await migrateGateway(db);
  if (applied.length > 0) log.info({ applied }, 'gateway store migrated');
  const vault = await loadKeyVault(config);
  // Cookies are signed with SESSION_SECRET, or a key derived from the master key: instances sharing one
  // database then need only the one secret in common.
  const signingKey = config.SESSION_SECRET ?? vault.derive('foyer/session-cookie/v1');
  const organisations = new Organisations(db, vault, accountNames);
  if (options.seedDemo && (await seedDemoAccounts(db, organisations))) log.info('demo accounts created');
  const token = await setupLinkIfFresh({ db });
  const customerDirectories = new CustomerDirectories(db);
  const segmentFacts = new SegmentFactsDirectories(db);
  // The background jobs are built here and started by the scheduler (src/server/scheduler.ts), whose job names
  // are their log names; tests and tools run them when they choose.
  const exportScheduler = config.EXPORT_DIR
    ? new ExportScheduler({
        db,
        service: options.service,
        organisations,
        log: log.child({ name: 'export-schedules' }),
        dir: config.EXPORT_DIR,
      })
    : undefined;
  const mirror = new MirrorSync({
    db,
    service: options.service,
    organisations,
    log: log.child({ name: 'mirror-sync' }),
    intervalSeconds: config.MIRROR_SYNC_INTERVAL_SECONDS ?? 30,
    concurrency: config.MIRROR_SYNC_CONCURRENCY ?? 4,
  });
  const customerJobActions = new CustomerJobActions([
    addTagAction,
    removeTagAction,
    anonymiseAction({ db, customerDirectories, segmentFacts }),
  ]);
  const customerJobs = new CustomerJobRunner({
    db,
    service: options.service,
    organisations,
    actions: customerJobActions,
    log: log.child({ name: 'customer-jobs' }),
    ...(config.CUSTOMER_JOB_CALLS_PER_SECOND ? { callsPerSecond: config.CUSTOMER_JOB_CALLS_PER_SECOND } : {}),
  });
  const segments = options.segments ?? { findSegment, segmentMemberIds };
  const autoTags = new AutoTagKeeper({
    db,
    segments,
    log: log.child({ name: 'auto-tags' }),
    onJob: () => customerJobs.poke(),
  });
  return {
    deps: {
      db,
      vault,
      service: options.service,
      sessions: new SessionStore(db, signingKey),
      throttle: new SignInThrottle(db, options.throttle ?? DEFAULT_THROTTLE),
      organisations,
      customerDirectories,
      segmentFacts,
      mirror,
      reportRollups: new ReportRollupKeeper(db, log.child({ name: 'report-rollups' })),
      duplicateScanner: new DuplicateScanner({ db, organisations, log: log.child({ name: 'duplicate-scan' }) }),
      sharedReads: new SharedReadKeeper({
        db,
        service: options.service,
        organisations,
        catalog: new EventCatalog(db),
        log: log.child({ name: 'shared-reads' }),
        syncIntervalSeconds: mirror.options.intervalSeconds,
      }),
      log,
      ...(options.clientAddress ? { clientAddress: options.clientAddress } : {}),
      ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
      ...(exportScheduler ? { exportScheduler } : {}),
      customerJobActions,
      customerJobs,
      segments,
      autoTags,
    },
    setupPath: token ? `/setup/${token}` : null,
  };
}

/**
 * What the first answers after a start need, prepared before the process says it is ready (run-foyer.ts holds
 * `/health/ready` at 503 meanwhile): the reports' rollups of every organisation brought in step (a sync while
 * the process was down marked days to rebuild), then every organisation's customer search read from the mirror
 * (seconds at 100,000 customers: a search before it would wait for it, and so would everyone else behind the
 * embedded database's one connection). A failure is logged; the search then reads the mirror on first use.
 */
export async function warmUpGateway(
  deps: Pick<GatewayDeps, 'reportRollups' | 'customerDirectories' | 'organisations' | 'log'>,
) {
  const started = performance.now();
  await deps.reportRollups.refreshAll();
  try {
    const customers = await deps.customerDirectories.warm(await deps.organisations.ids());
    deps.log.info({ customers, ms: Math.round(performance.now() - started) }, 'customer search and reports ready');
  } catch (error) {
    deps.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'customer search not warmed');
  }
}

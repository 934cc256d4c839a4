import type { Context } from 'hono';
import type { Logger } from 'pino';
import type { TrustProxy } from '../client-address';
import type { Database } from '../db/database';
import type { SessionStore, SignInThrottle } from './auth';
import type { KeyVault, Organisations } from './connection';
import type { AutoTagKeeper, CustomerJobActions, CustomerJobRunner, SegmentMembers } from './customer-jobs';
import type { CustomerDirectories } from './customer-search';
import type { DuplicateScanner } from './duplicates';
import type { ExportScheduler } from './exports';
import type { MirrorSync } from './mirror';
import type { ReportRollupKeeper, SharedReadKeeper } from './reports';
import type { SegmentFactsDirectories } from './segments';
import type { ServiceConnection } from './service-connection';

/**
 * Everything the gateway's routes work with, built once at start (start-gateway.ts) and handed to each concern's
 * routes by gateway.ts. A concern whose entry the gateway builds this from takes only what it uses, as an
 * interface of its own (e.g. connection/connection-service.ts: ConnectionDeps): importing this type back would
 * tie its folder and this module into a cycle.
 */
export interface GatewayDeps {
  /** The gateway's own store (schema `gateway`). */
  db: Database;
  vault: KeyVault;
  service: ServiceConnection;
  sessions: SessionStore;
  throttle: SignInThrottle;
  organisations: Organisations;
  /** This process's search directories of the mirrored customers, one per organisation. */
  customerDirectories: CustomerDirectories;
  /** This process's copies of the organisations' segment facts, read on their first count (segments/). */
  segmentFacts: SegmentFactsDirectories;
  /** The organisations' mirror of the service (mirror/): its sync, status and write-through. */
  mirror: MirrorSync;
  log: Logger;
  /** The address sign-in failures are counted by; default the TCP peer of the request. */
  clientAddress?: (c: Context) => string;
  /** TRUST_PROXY: whether X-Forwarded-Proto/-Host tell the origin the browser used (see client-address.ts). */
  trustProxy?: TrustProxy;
  /** Scheduled exports into EXPORT_DIR; absent when the gateway has no folder for them. */
  exportScheduler?: ExportScheduler;
  /** Keeps the reports' daily rollups of the mirror built (reports/report-rollups.ts). */
  reportRollups: ReportRollupKeeper;
  /** The customer jobs' actions by kind (tags; anonymise from privacy/), and their runner. */
  customerJobActions: CustomerJobActions;
  customerJobs: CustomerJobRunner;
  /** A saved segment's members (the segments concern's entry). */
  segments: SegmentMembers;
  /** Keeps segments' auto tags in step after each sync. */
  autoTags: AutoTagKeeper;
  /** Finds likely duplicate customers in the mirror (duplicates/): a full scan, then one after each sync. */
  duplicateScanner: DuplicateScanner;
  /** Keeps the dashboard's shared reads of the service fresh after each sync round (reports/shared-read-keeper.ts). */
  sharedReads: SharedReadKeeper;
}

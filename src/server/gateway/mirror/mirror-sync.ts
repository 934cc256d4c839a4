import { randomUUID } from 'node:crypto';
import pLimit, { type LimitFunction } from 'p-limit';
import type { Logger } from 'pino';
import { MIRROR_RESOURCES, type MirrorResource } from '@/contract/mirror';
import { type Database, inBackground, type Queryable } from '../../db/database';
import type { Organisations } from '../connection';
import { UpstreamUnavailableError } from '../errors';
import type { ServiceConnection } from '../service-connection';
import { BACKGROUND_RETRY, type RetryPolicy, UpstreamClient, type UpstreamPage } from '../upstream';
import { RESOURCES, type ResourceSpec } from './mirror-resources';
import { releaseLease, renewLease, takeLease } from './sync-lease';
import { type SyncPace, syncPace } from './sync-pace';
import { type ForwardedWrite, type WrittenThrough, writeThrough } from './write-through';

/**
 * The sync engine: per organisation, fills the mirror from the service's exports and keeps it fresh.
 *
 * A run walks each export with one filter: no filter for the first full sync, else `changedSince` = the
 * stored watermark (spec 4.2's sync rules; inclusive, so a record of the watermark's second is read again
 * and upserted by id: not doubled, not lost). Page 1 says how many pages there are; an unchanged organisation
 * is done with it, one request per resource. Otherwise the walk reads the other pages from the last one down,
 * then page 1 again. The export is ordered by `lastChanged`, so a record that changes during the walk leaves
 * its place for the end and the records after it move one place up: going down, such a record only ever
 * moves into a page not read yet, never out of one — read upwards, one record would be skipped per change.
 * The changed record itself is read by the next run. Pages read at once (a full sync asks
 * MIRROR_SYNC_CONCURRENCY at a time) could still miss one in the instant between them, so a first full sync
 * counts what it holds against the export's total and runs again when short. Keeping the filter fixed also
 * lets the service prepare the walk's page boundaries once (a new filter per request would cost it a pass
 * over every remaining record each time).
 *
 * When a walk ends, the watermark becomes the second after the greatest one read (that second was read
 * whole), but never later than the service's clock at the start of the walk less WATERMARK_MARGIN_MS: a
 * transaction still committing then (with an earlier `lastChanged`) is read by the next run. The watermark
 * is thus "every change before it is in the mirror", and the next run asks from it.
 *
 * The waiting list, whose `createdAt` (its watermark) does not move when an entry is notified or converted,
 * is read whole every WAITING_LIST_RELOAD_MS; entries the service no longer lists are then removed.
 */

/** How far behind the service's clock the stored watermark stays (a transaction's time to commit). */
export const WATERMARK_MARGIN_MS = 5000;

/**
 * Records per write statement: on a server, the batch of pages read at once (one commit and WAL flush for the
 * batch: a first sync of 100,000 customers at a statement per page waited 2.7–4.3 times as long as merely
 * downloading them, while Foyer's own CPU was 1.2 times the download's); on the embedded database, whose one
 * connection the people using Foyer wait for meanwhile, a part of a page (a few milliseconds of writing).
 */
const WRITE_CHUNK = 1000;
const WRITE_CHUNK_EMBEDDED = 25;

/** A walk that wrote this many rows refreshes its tables' statistics. */
const ANALYZE_AFTER_ROWS = 10_000;

/**
 * The lease's lifetime. A running sync renews it after a batch once RENEW_AFTER_MS have passed; a batch
 * waits at most a minute for a `Retry-After` (BACKGROUND_RETRY), so a live holder never lets it lapse, and an
 * instance that died blocks its organisations for three minutes at most.
 */
const LEASE_SECONDS = 180;
const RENEW_AFTER_MS = 30_000;

export interface MirrorSyncOptions {
  db: Database;
  service: ServiceConnection;
  organisations: Organisations;
  log: Logger;
  /** Seconds between scheduled syncs of an organisation (MIRROR_SYNC_INTERVAL_SECONDS). */
  intervalSeconds: number;
  /** Upstream requests in flight per organisation at most (MIRROR_SYNC_CONCURRENCY). */
  concurrency: number;
  retry?: RetryPolicy;
  /** Tests replace the waits of retries, of Retry-After and of the pauses beside a busy desk (SyncPace). */
  sleep?: (ms: number) => Promise<void>;
  /** How far behind the service's clock the watermark stays (default WATERMARK_MARGIN_MS; tests set it). */
  watermarkMarginMs?: number;
  /** Organisations synced side by side by one instance's schedule. */
  organisationsAtOnce?: number;
}

export interface ResourceReport {
  resource: MirrorResource;
  /** A first full sync (or the waiting list's periodic reload). */
  full: boolean;
  pages: number;
  records: number;
  written: number;
  removed: number;
  /** Time spent waiting for pages and writing them (the benchmark's split). */
  fetchMs: number;
  writeMs: number;
  error?: string;
}

export interface SyncReport {
  organisationId: number;
  resources: ResourceReport[];
  requests: number;
  retries: number;
  ms: number;
}

/** One run's view of the organisation: its upstream client and the limit its resources share. */
interface RunContext {
  organisationId: number;
  client: UpstreamClient;
  limit: LimitFunction;
  keepLease: () => Promise<void>;
}

class LeaseLostError extends Error {}

export class MirrorSync {
  /** Who holds a lease taken here: one id per process. */
  readonly holder = randomUUID();
  readonly #running = new Map<number, Promise<SyncReport | null>>();
  readonly #claimed = new Set<number>();
  readonly #abort = new AbortController();
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;

  /** How the walk and the first full sync's end passes share a server with the desk. */
  readonly #pace: SyncPace;

  constructor(readonly options: MirrorSyncOptions) {
    this.#pace = syncPace(options.db, { signal: this.#abort.signal, sleep: options.sleep });
  }

  get intervalSeconds(): number {
    return this.options.intervalSeconds;
  }

  /**
   * Pages asked for at once. One on the embedded database: its one connection serves the service's pages,
   * the mirror's writes and the people using Foyer in turn, so pages asked for side by side only queue in
   * front of them (a sign-in waited half a minute behind a first sync that asked four at a time).
   */
  get #concurrency(): number {
    return this.options.db.kind === 'pglite' ? 1 : this.options.concurrency;
  }

  /** Runs the schedule: every interval, each organisation that is due and not leased elsewhere is synced. */
  start(): void {
    if (this.#timer || this.#stopped) return;
    const every = this.options.intervalSeconds * 1000;
    const tick = () => {
      this.syncDue().catch((error: unknown) => this.options.log.error({ err: error }, 'mirror: the schedule failed'));
      if (!this.#stopped) this.#timer = setTimeout(tick, every).unref();
    };
    // A first sync soon after start, spread a little so instances started together do not ask together.
    this.#timer = setTimeout(tick, 500 + Math.random() * 1500).unref();
  }

  /** Stops the schedule and the syncs under way here (they stop at their next request and free their lease). */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#abort.abort(new Error('the mirror is stopping'));
    await Promise.allSettled(this.#running.values());
  }

  /**
   * One round of the schedule: starts the organisations that are due, not syncing here already, and not
   * leased elsewhere, up to `organisationsAtOnce` syncs running here; resolves when those it started are done.
   * The schedule does not wait for it: a long first sync of one organisation holds up no other's next round.
   */
  async syncDue(): Promise<void> {
    const ids = await this.options.organisations.ids();
    const atOnce = this.options.organisationsAtOnce ?? 2;
    // Due when not attempted for most of an interval: an instance that ran it a moment ago makes this one wait.
    const dueAfterSeconds = this.options.intervalSeconds * 0.8;
    const started: Promise<SyncReport | null>[] = [];
    for (const id of ids) {
      if (this.#running.size >= atOnce) break;
      const begun = await this.#begin(id, { dueAfterSeconds });
      if (begun) started.push(begun.run);
    }
    await Promise.allSettled(started);
  }

  /**
   * "Refresh now": starts a sync of the organisation unless one is running (here or on another instance).
   * Does not wait for it.
   */
  async refresh(organisationId: number): Promise<{ started: boolean }> {
    return { started: (await this.#begin(organisationId, {})) !== null };
  }

  /** Syncs the organisation now and waits (tests, the benchmark); null when another instance holds the lease. */
  async syncNow(organisationId: number): Promise<SyncReport | null> {
    await this.#running.get(organisationId)?.catch(() => undefined);
    const begun = await this.#begin(organisationId, {});
    return begun ? begun.run : null;
  }

  /** Puts a change just made through the gateway into the mirror (write-through.ts), read with `upstream`. */
  writeThrough(upstream: UpstreamClient, call: ForwardedWrite): Promise<WrittenThrough> {
    return writeThrough(this.options, upstream, call);
  }

  /** The sync running here for the organisation, if any. */
  runningHere(organisationId: number): Promise<SyncReport | null> | undefined {
    return this.#running.get(organisationId);
  }

  /**
   * Takes the organisation's lease and starts its sync; null when a sync runs here already or the lease is
   * held elsewhere (or, with `dueAfterSeconds`, the organisation is not due). The organisation is claimed
   * here before the lease is asked for, so two callers in this process never both start one.
   */
  async #begin(
    organisationId: number,
    lease: { dueAfterSeconds?: number },
  ): Promise<{ run: Promise<SyncReport | null> } | null> {
    if (this.#claimed.has(organisationId) || this.#stopped) return null;
    this.#claimed.add(organisationId);
    let taken = false;
    try {
      taken = await takeLease(this.options.db, organisationId, this.holder, { ttlSeconds: LEASE_SECONDS, ...lease });
    } finally {
      if (!taken) this.#claimed.delete(organisationId);
    }
    if (!taken) return null;
    // Background work: its statements (and the embedded service's for its pages) give way to the people
    // using Foyer (db/database.ts, withInteractivePriority); a sign-in no longer waits behind a first sync.
    const run = inBackground(() => this.#syncHeld(organisationId)).finally(async () => {
      await releaseLease(this.options.db, organisationId, this.holder).catch(() => undefined);
      this.#running.delete(organisationId);
      this.#claimed.delete(organisationId);
    });
    this.#running.set(organisationId, run);
    // Wrapped: an async function returning the promise itself would wait for the whole sync.
    return { run };
  }

  async #syncHeld(organisationId: number): Promise<SyncReport | null> {
    const { db, log } = this.options;
    const started = performance.now();
    const organisation = await this.options.organisations.access(organisationId);
    if (!organisation) return null;
    const client = UpstreamClient.forOrganisation(this.options, organisation, undefined, {
      retry: this.options.retry ?? BACKGROUND_RETRY,
      signal: this.#abort.signal,
      ...(this.options.sleep ? { sleep: this.options.sleep } : {}),
    });
    let renewedAt = performance.now();
    const context: RunContext = {
      organisationId,
      client,
      limit: pLimit(this.#concurrency),
      keepLease: async () => {
        if (performance.now() - renewedAt < RENEW_AFTER_MS) return;
        if (!(await renewLease(db, organisationId, this.holder, LEASE_SECONDS))) throw new LeaseLostError();
        renewedAt = performance.now();
      },
    };
    const resources = await Promise.all(MIRROR_RESOURCES.map((name) => this.#syncResource(context, RESOURCES[name])));
    const report: SyncReport = {
      organisationId,
      resources,
      requests: client.calls.requests,
      retries: client.calls.retries,
      ms: Math.round(performance.now() - started),
    };
    const changed = resources.some((resource) => resource.written > 0 || resource.removed > 0 || resource.error);
    log[changed ? 'info' : 'debug'](
      { ...report, client: organisation.clientName, resources: resources.map(summary) },
      'mirror synced',
    );
    return report;
  }

  async #syncResource(context: RunContext, spec: ResourceSpec): Promise<ResourceReport> {
    const { db } = this.options;
    const report: ResourceReport = {
      resource: spec.name,
      full: false,
      pages: 0,
      records: 0,
      written: 0,
      removed: 0,
      fetchMs: 0,
      writeMs: 0,
    };
    try {
      const state = await beginAttempt(db, context.organisationId, spec);
      report.full = state.firstFull || state.reload;
      // A full sync and a reload read everything (no filter); a reload then removes what was not read.
      const walk: Walk = { spec, state, report, since: report.full ? null : state.watermark, greatest: null };
      const head = await this.#walk(context, walk);
      await this.#finishWalk(context, walk, head);
    } catch (error) {
      if (this.#abort.signal.aborted) {
        report.error = 'stopped';
        return report;
      }
      report.error = error instanceof LeaseLostError ? 'the lease was lost to another instance' : describe(error);
      await failAttempt(db, context.organisationId, spec.name, report.error).catch(() => undefined);
    }
    return report;
  }

  /**
   * Page 1 (it says how many pages the filter has; an unchanged organisation is done with it), then the rest
   * from the last page down (see the module comment: a change during the walk then cannot push an unread
   * record into a page already read), page 1 again at the end. A full sync asks for several pages at once; a
   * catch-up after a pause, rare and short, one at a time. The next pages are asked for while the last ones
   * are written, so a sync takes about as long as the slower of the two, not both. Beside a busy desk on a
   * server they are asked for after the round's pause instead (SyncPace).
   */
  async #walk(context: RunContext, walk: Walk): Promise<ExportPage> {
    const fetchFirst = await this.#fetch(context, walk, [1]);
    const [head] = fetchFirst;
    if (!head) throw new Error('no answer for page 1');
    await this.#write(context, walk, fetchFirst, walk.state.firstFull ? head.total : null);
    if (head.lastPage <= 1) return head;
    const perBatch = walk.report.full ? this.#concurrency : 1;
    const batches: number[][] = [];
    for (let top = head.lastPage; top >= 2; top -= perBatch) {
      const numbers: number[] = [];
      for (let n = top; n > Math.max(1, top - perBatch); n--) numbers.push(n);
      batches.push(numbers);
    }
    batches.push([1]);
    let next: Promise<ExportPage[]> | null = this.#fetch(context, walk, batches[0] as number[]);
    const writing: Promise<void>[] = [];
    for (let at = 0; next; at++) {
      const roundStarted = performance.now();
      const pages: ExportPage[] = await next;
      const following = batches[at + 1];
      // The service's work for the next pages is the sync's too: beside a busy desk it waits for the pause.
      const askAhead = !this.#pace.besideDesk();
      next = following && askAhead ? this.#fetch(context, walk, following) : null;
      // Awaited in the next round; a failure meanwhile must not go unhandled.
      next?.catch(() => undefined);
      const written = this.#write(context, walk, pages, null);
      written.catch(() => undefined);
      writing.push(written);
      while (writing.length >= this.#writesAtOnce(walk.spec)) await writing.shift();
      await context.keepLease();
      await this.#pace.giveWay(roundStarted);
      if (following && !askAhead) next = this.#fetch(context, walk, following);
    }
    await Promise.all(writing);
    return head;
  }

  /**
   * Batches written at once. On a server two of a resource whose writes may overlap, on connections of their own:
   * a first sync of 100,000 customers waited on PostgreSQL's writing more than on the pages (2.4 times the
   * download's time at 1.2 times its CPU in Foyer). One while the desk is being answered, and on the embedded
   * database, whose one connection runs one statement at a time.
   */
  #writesAtOnce(spec: ResourceSpec): number {
    return spec.overlappingWrites && this.#pace.sideBySide() ? 2 : 1;
  }

  async #fetch(context: RunContext, walk: Walk, numbers: number[]): Promise<ExportPage[]> {
    const started = performance.now();
    const pages = await Promise.all(
      numbers.map((n) =>
        context.limit(() => context.client.exportPage<Record<string, unknown>>(walk.spec.path, n, walk.since)),
      ),
    );
    walk.report.fetchMs += performance.now() - started;
    return pages;
  }

  /**
   * Writes pages into the mirror, WRITE_CHUNK records a statement (each its own transaction: an upsert by id
   * that never goes back in time may be written again), then the first full sync's progress: the people using
   * Foyer wait for at most one of them (see withInteractivePriority).
   */
  async #write(context: RunContext, walk: Walk, pages: ExportPage[], total: number | null): Promise<void> {
    const { db } = this.options;
    const { spec, state, report } = walk;
    const started = performance.now();
    const records = pages.flatMap((page) => page.data);
    walk.greatest = maxOf(walk.greatest, greatestSecond(spec, records));
    const chunk = db.kind === 'pglite' ? WRITE_CHUNK_EMBEDDED : WRITE_CHUNK;
    let written = 0;
    for (let from = 0; from < records.length; from += chunk) {
      written += await spec.upsert(db, context.organisationId, records.slice(from, from + chunk), state.firstFull);
    }
    report.written += written;
    // Progress by records read: a first sync run again finds most of them there already, and writes none of those.
    await recordProgress(db, context.organisationId, spec.name, state.firstFull ? records.length : 0, total);
    report.records += records.length;
    // Statistics that keep pace with a walk that fills the tables (a first sync): refreshed after the first
    // batch and whenever the rows written doubled since, a dozen times for 2,000,000 rows. Planned on a table
    // seen empty, the foreign-key check of every order line read the organisation's orders through the wrong
    // index: a first sync of 50,000 orders spent 63 of its 69 seconds there.
    if (report.full && spec.analyzeWhileFilling && report.written >= (walk.analyzeAtRows ?? 1)) {
      await analyze(db, spec);
      walk.analyzeAtRows = report.written * 2;
    }
    report.writeMs += performance.now() - started;
    report.pages += pages.length;
  }

  /** The walk read everything: the new watermark, the reload's removals, the first full sync's count check. */
  async #finishWalk(context: RunContext, walk: Walk, head: ExportPage): Promise<void> {
    const { db } = this.options;
    const { spec, state, report } = walk;
    // Everything changed before the walk began, up to the greatest second read (which was read whole, so
    // the next walk starts after it), kept WATERMARK_MARGIN_MS behind the service's clock.
    const margin = this.options.watermarkMarginMs ?? WATERMARK_MARGIN_MS;
    const settled = head.serverNow.getTime() - margin;
    const watermark = new Date(walk.greatest === null ? settled : Math.min(walk.greatest + 1000, settled));
    if (state.reload) report.removed = await removeUnread(db, spec, context.organisationId, state.dbNow);
    // A first full sync that holds fewer records than the export had when it began skipped some (a record
    // removed upstream meanwhile, or one moved between two pages read at once): it runs again.
    const short = state.firstFull ? await missingRecords(db, spec, context.organisationId, head.total) : 0;
    if (short > 0) throw new Error(`${short} records were not read; the full sync runs again`);
    // Fresh statistics after a large write: without them the planner takes a table it saw empty for empty
    // and deletes an order's lines by reading every line of the organisation (PGlite never analyses by
    // itself; PostgreSQL's autovacuum comes when it comes). Before the first full sync's end passes, which
    // read the table the walk filled.
    if (report.full || report.written >= ANALYZE_AFTER_ROWS) await analyze(db, spec);
    if (state.firstFull) await spec.finishBulk?.(db, context.organisationId, this.#pace);
    await finishAttempt(db, context.organisationId, spec.name, watermark, report.full);
  }
}

type ExportPage = UpstreamPage<Record<string, unknown>>;

/** One resource's walk: what it reads, and what it has found so far. */
interface Walk {
  spec: ResourceSpec;
  state: AttemptState;
  report: ResourceReport;
  /** The filter: null for everything. */
  since: Date | null;
  /** The greatest watermark second read (ms). */
  greatest: number | null;
  /** A full walk refreshes its tables' statistics when it has written this many rows. */
  analyzeAtRows?: number;
}

const maxOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));

/** The greatest watermark value of the records (ms), to the second; null for none. */
function greatestSecond(spec: ResourceSpec, records: readonly Record<string, unknown>[]): number | null {
  let greatest: number | null = null;
  for (const record of records) {
    const value = record[spec.watermarkField];
    const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
    if (!Number.isFinite(ms)) throw new Error(`a ${spec.name} record without a readable ${spec.watermarkField}`);
    const second = Math.floor(ms / 1000) * 1000;
    if (greatest === null || second > greatest) greatest = second;
  }
  return greatest;
}

/** After a reload: removes the rows not read since `since` (entries the service no longer lists). */
async function removeUnread(db: Queryable, spec: ResourceSpec, organisationId: number, since: Date) {
  const { rowCount } = await db.query(
    `delete from gateway.${spec.table} where organisation_id = $1 and mirrored_at < $2`,
    [organisationId, since],
  );
  return rowCount;
}

/** How many fewer records the mirror holds than `total`. */
async function missingRecords(db: Queryable, spec: ResourceSpec, organisationId: number, total: number) {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from gateway.${spec.table} where organisation_id = $1`,
    [organisationId],
  );
  return Math.max(0, total - (rows[0]?.n ?? 0));
}

interface AttemptState {
  watermark: Date | null;
  firstFull: boolean;
  reload: boolean;
  dbNow: Date;
}

/** Notes the attempt (creating the state row on first use) and says what kind of walk is due. */
async function beginAttempt(db: Queryable, organisationId: number, spec: ResourceSpec): Promise<AttemptState> {
  const { rows } = await db.query<{
    watermark: Date | null;
    full_sync_finished_at: Date | null;
    db_now: Date;
  }>(
    `insert into gateway.mirror_sync_state as s (organisation_id, resource, last_attempt_at, full_sync_started_at)
     values ($1, $2, now(), now())
     on conflict (organisation_id, resource) do update
        set last_attempt_at = now(),
            full_sync_started_at = case when s.full_sync_finished_at is null
                                        then coalesce(s.full_sync_started_at, now()) else s.full_sync_started_at end,
            -- A first full sync that failed starts over: so does its progress.
            full_sync_done = case when s.full_sync_finished_at is null then 0 else s.full_sync_done end
     returning watermark, full_sync_finished_at, now() as db_now`,
    [organisationId, spec.name],
  );
  const row = rows[0];
  if (!row) throw new Error('the sync state could not be written');
  const finished = row.full_sync_finished_at ? new Date(row.full_sync_finished_at) : null;
  const dbNow = new Date(row.db_now);
  return {
    watermark: row.watermark ? new Date(row.watermark) : null,
    firstFull: finished === null,
    reload: Boolean(finished && spec.reloadAfterMs && dbNow.getTime() - finished.getTime() >= spec.reloadAfterMs),
    dbNow,
  };
}

/** Fresh planner statistics of a resource's tables. */
async function analyze(db: Queryable, spec: ResourceSpec): Promise<void> {
  for (const table of spec.analyzed) await db.query(`analyze gateway.${table}`);
}

/** After a batch is written: the first full sync's progress. */
async function recordProgress(
  tx: Queryable,
  organisationId: number,
  resource: MirrorResource,
  written: number,
  total: number | null,
): Promise<void> {
  if (written === 0 && total === null) return;
  await tx.query(
    `update gateway.mirror_sync_state
        set full_sync_done = full_sync_done + $3, full_sync_total = coalesce($4::bigint, full_sync_total)
      where organisation_id = $1 and resource = $2`,
    [organisationId, resource, written, total],
  );
}

/** A walk read everything: the new watermark (never moving back), success, and the end of a full sync. */
async function finishAttempt(
  db: Queryable,
  organisationId: number,
  resource: MirrorResource,
  watermark: Date,
  full: boolean,
) {
  await db.query(
    `update gateway.mirror_sync_state
        set watermark = greatest(watermark, $3::timestamptz), last_success_at = now(), last_error = null,
            full_sync_finished_at = case when $4 then now() else full_sync_finished_at end
      where organisation_id = $1 and resource = $2`,
    [organisationId, resource, watermark, full],
  );
}

async function failAttempt(db: Queryable, organisationId: number, resource: MirrorResource, message: string) {
  await db.query('update gateway.mirror_sync_state set last_error = $3 where organisation_id = $1 and resource = $2', [
    organisationId,
    resource,
    message.slice(0, 500),
  ]);
}

const describe = (error: unknown) =>
  error instanceof UpstreamUnavailableError ? error.detail : error instanceof Error ? error.message : String(error);

const summary = (report: ResourceReport) =>
  `${report.resource}: ${report.written} written${report.removed ? `, ${report.removed} removed` : ''} in ${report.pages} pages${report.full ? ' (full)' : ''}${report.error ? ` — ${report.error}` : ''}`;

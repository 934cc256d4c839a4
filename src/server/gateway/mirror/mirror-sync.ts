import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { MIRROR_RESOURCES, type MirrorResource } from '../../../contract/mirror';
import { PAGE_SIZE } from '../../../contract/pagination';
import type { Database, Queryable } from '../../service/db/database';
import type { Organisations } from '../connection/organisations';
import type { ServiceConnection } from '../service-connection';
import { RESOURCES, type ResourceSpec } from './mirror-resources';
import { releaseLease, renewLease, takeLease } from './sync-lease';
import { DEFAULT_RETRY, type RetryPolicy, UpstreamClient } from './upstream-pages';
import { type ForwardedWrite, writeThrough } from './write-through';

/**
 * The sync engine: per organisation, fills the mirror from the service's exports and keeps it fresh.
 *
 * Each resource is walked from its stored watermark (spec 4.2's sync rules): `changedSince` = the greatest
 * `lastChanged` (`createdAt` for the waiting list) mirrored so far, inclusive, so the records of the
 * watermark's second are read again and upserted (not doubled, not lost). The walk moves the cursor rather
 * than the page number: after a batch, the next request asks `changedSince` = the batch's greatest second,
 * page 1. A record that changes while the walk is under way moves to the end of the export and is read
 * there; with page numbers it would shift its neighbours across a page boundary and one of them would be
 * skipped. Only while a whole batch sits in one second (a bulk change) do the page numbers advance.
 *
 * A first full sync is the same walk from no watermark. The watermark is stored after every batch, in the
 * batch's transaction, so a sync that stops (a failure, a restart, a lost lease) resumes where it was, and
 * every instance resumes from the same place. It is kept a few seconds behind the service's clock: a change
 * committed late with an earlier `lastChanged` is then still read by the next run.
 *
 * An idle run costs one request per resource (page 1 from the watermark, holding only that second's
 * records); the waiting list, whose `createdAt` does not move when an entry is notified or converted, is read
 * whole every WAITING_LIST_RELOAD_MS instead, and entries the service no longer lists are removed.
 */

/** How far behind the service's clock the stored watermark stays (a transaction's time to commit). */
export const WATERMARK_MARGIN_MS = 5000;

/**
 * The lease's lifetime. A running sync renews it after a batch once RENEW_AFTER_MS have passed; a batch
 * waits at most a minute for a `Retry-After` (DEFAULT_RETRY), so a live holder never lets it lapse, and an
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
  /** Tests replace the waits of retries and Retry-After. */
  sleep?: (ms: number) => Promise<void>;
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
  error?: string;
}

export interface SyncReport {
  organisationId: number;
  resources: ResourceReport[];
  requests: number;
  retries: number;
  ms: number;
}

/** One run's view of the organisation: its client, its key opened for the run, and the shared limit. */
interface RunContext {
  organisationId: number;
  client: UpstreamClient;
  limit: <T>(task: () => Promise<T>) => Promise<T>;
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

  constructor(readonly options: MirrorSyncOptions) {}

  get intervalSeconds(): number {
    return this.options.intervalSeconds;
  }

  /** Runs the schedule: every interval, each organisation that is due and not leased elsewhere is synced. */
  start(): void {
    if (this.#timer || this.#stopped) return;
    const every = this.options.intervalSeconds * 1000;
    const tick = async () => {
      try {
        await this.syncDue();
      } catch (error) {
        this.options.log.error({ err: error }, 'mirror: the scheduled sync failed');
      }
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

  /** One round of the schedule: the organisations due now, a few at a time. */
  async syncDue(): Promise<void> {
    const { rows } = await this.options.db.query<{ id: string }>('select id from gateway.organisations order by id');
    const ids = rows.map((row) => Number(row.id));
    const limit = createLimit(this.options.organisationsAtOnce ?? 2);
    // Due when not attempted for most of an interval: an instance that ran it a moment ago makes this one wait.
    const dueAfterSeconds = this.options.intervalSeconds * 0.8;
    await Promise.all(ids.map((id) => limit(async () => this.#run(id, { dueAfterSeconds }))));
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
    return this.#run(organisationId, {});
  }

  /** Puts a change just made through the gateway into the mirror (write-through.ts). */
  writeThrough(
    organisation: { organisationId: number; clientName: string },
    apiKey: string,
    call: ForwardedWrite,
  ): Promise<void> {
    return writeThrough(this.options, organisation, apiKey, call);
  }

  /** The sync running here for the organisation, if any. */
  runningHere(organisationId: number): Promise<SyncReport | null> | undefined {
    return this.#running.get(organisationId);
  }

  async #run(organisationId: number, lease: { dueAfterSeconds?: number }): Promise<SyncReport | null> {
    const begun = await this.#begin(organisationId, lease);
    return begun ? begun.run : null;
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
    const run = this.#syncHeld(organisationId).finally(async () => {
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
    const { rows } = await db.query<{ client_name: string; api_key_sealed: Uint8Array }>(
      'select client_name, api_key_sealed from gateway.organisations where id = $1',
      [organisationId],
    );
    const organisation = rows[0];
    if (!organisation) return null;
    const apiKey = this.options.organisations.openKey(organisation.api_key_sealed, organisation.client_name);
    const client = new UpstreamClient(this.options.service, organisation.client_name, apiKey, {
      retry: this.options.retry ?? DEFAULT_RETRY,
      signal: this.#abort.signal,
      ...(this.options.sleep ? { sleep: this.options.sleep } : {}),
    });
    let renewedAt = performance.now();
    const context: RunContext = {
      organisationId,
      client,
      limit: createLimit(this.options.concurrency),
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
      { ...report, client: organisation.client_name, resources: resources.map(summary) },
      'mirror synced',
    );
    return report;
  }

  async #syncResource(context: RunContext, spec: ResourceSpec): Promise<ResourceReport> {
    const { db } = this.options;
    const { organisationId, client } = context;
    const report: ResourceReport = { resource: spec.name, full: false, pages: 0, records: 0, written: 0, removed: 0 };
    try {
      const state = await beginAttempt(db, organisationId, spec);
      report.full = state.firstFull || state.reload;
      // A reload reads everything again (cursor from nothing) and removes what was not read.
      let cursor = state.reload ? null : state.watermark;
      const reloadStartedAt = state.reload ? state.dbNow : null;
      let page = 1;
      let batchSize = 1;
      for (;;) {
        const numbers = Array.from({ length: batchSize }, (_, i) => page + i);
        const pages = await Promise.all(
          numbers.map((n) => context.limit(() => client.exportPage<Record<string, unknown>>(spec.path, n, cursor))),
        );
        const records = pages.flatMap((result) => result.data);
        const batchMax = greatestSecond(spec, pages);
        const last = pages[pages.length - 1];
        if (!last) break;
        // The stored watermark: the walk's cursor, but never within WATERMARK_MARGIN_MS of the service's now.
        const latest = batchMax ?? cursor;
        const safe = latest
          ? new Date(Math.min(latest.getTime(), last.serverNow.getTime() - WATERMARK_MARGIN_MS))
          : null;
        const firstTotal = state.firstFull && cursor === null && page === 1 ? (pages[0]?.total ?? null) : null;
        const written = await db.transaction(async (tx) => {
          const count = await spec.upsert(tx, organisationId, records);
          await recordBatch(tx, organisationId, spec.name, safe, state.firstFull ? count : 0, firstTotal);
          return count;
        });
        report.pages += pages.length;
        report.records += records.length;
        report.written += written;
        const ended = pages.some((result) => result.data.length < PAGE_SIZE || result.currentPage >= result.lastPage);
        if (ended) break;
        if (batchMax && (!cursor || batchMax > cursor)) {
          cursor = batchMax;
          page = 1;
        } else {
          page += numbers.length;
        }
        batchSize = Math.max(1, Math.min(this.options.concurrency, last.lastPage - last.currentPage + 1));
        await context.keepLease();
      }
      if (reloadStartedAt) report.removed = await spec.sweep(db, organisationId, reloadStartedAt);
      await finishAttempt(db, organisationId, spec.name, report.full);
    } catch (error) {
      if (this.#abort.signal.aborted) {
        report.error = 'stopped';
        return report;
      }
      report.error = error instanceof LeaseLostError ? 'the lease was lost to another instance' : describe(error);
      await failAttempt(db, organisationId, spec.name, report.error).catch(() => undefined);
    }
    return report;
  }
}

/** The greatest watermark value of the pages, to the second; checks that each page is in ascending order. */
function greatestSecond(
  spec: ResourceSpec,
  pages: readonly { data: readonly Record<string, unknown>[] }[],
): Date | null {
  let greatest: number | null = null;
  for (const { data } of pages) {
    let previous = Number.NEGATIVE_INFINITY;
    for (const record of data) {
      const value = record[spec.watermarkField];
      const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
      if (!Number.isFinite(ms)) throw new Error(`a ${spec.name} record without a readable ${spec.watermarkField}`);
      const second = Math.floor(ms / 1000) * 1000;
      if (second < previous) {
        // The walk by cursor relies on the order the reference service documents; without it, it would skip.
        throw new Error(`the ${spec.name} export is not ordered by ${spec.watermarkField}`);
      }
      previous = second;
      if (greatest === null || second > greatest) greatest = second;
    }
  }
  return greatest === null ? null : new Date(greatest);
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
                                        then coalesce(s.full_sync_started_at, now()) else s.full_sync_started_at end
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

/** After a batch is written, in its transaction: the new watermark (never moving back) and the progress. */
async function recordBatch(
  tx: Queryable,
  organisationId: number,
  resource: MirrorResource,
  watermark: Date | null,
  written: number,
  firstTotal: number | null,
): Promise<void> {
  await tx.query(
    `update gateway.mirror_sync_state
        set watermark = greatest(watermark, $3::timestamptz),
            full_sync_done = full_sync_done + $4,
            full_sync_total = coalesce($5::bigint, full_sync_total)
      where organisation_id = $1 and resource = $2`,
    [organisationId, resource, watermark, written, firstTotal],
  );
}

async function finishAttempt(db: Queryable, organisationId: number, resource: MirrorResource, full: boolean) {
  await db.query(
    `update gateway.mirror_sync_state
        set last_success_at = now(), last_error = null,
            full_sync_finished_at = case when $3 then now() else full_sync_finished_at end
      where organisation_id = $1 and resource = $2`,
    [organisationId, resource, full],
  );
}

async function failAttempt(db: Queryable, organisationId: number, resource: MirrorResource, message: string) {
  await db.query('update gateway.mirror_sync_state set last_error = $3 where organisation_id = $1 and resource = $2', [
    organisationId,
    resource,
    message.slice(0, 500),
  ]);
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

const summary = (report: ResourceReport) =>
  `${report.resource}: ${report.written} written${report.removed ? `, ${report.removed} removed` : ''} in ${report.pages} pages${report.full ? ' (full)' : ''}${report.error ? ` — ${report.error}` : ''}`;

/** Runs at most `limit` tasks at once; the others wait in order. */
function createLimit(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { type Database, inBackground } from '../../db/database';
import { RepeatingWork } from '../../repeating-work';
import { lastCompleteSync, mirroredCount } from '../mirror';
import { analyzeKeys, hasKeys, keyCustomersAfter, keyCustomersChangedSince } from './duplicate-keys-store';
import { dropPairsNotFound, type ScanScope, writePairs } from './duplicate-pairs-store';
import { claimScan, failScan, finishScan, requestFullScan, scanMarks, scanProgress } from './duplicates-store';

/** Customers keyed per statement of a full scan: its progress steps, and the longest the embedded database is held. */
const KEY_BATCH = 50_000;
/** How long a scan holds its organisation before another instance may take over (renewed at every step). */
const LEASE_SECONDS = 300;
/**
 * An incremental scan re-reads customers changed a little before its watermark: a change the service stamped
 * just before the last scan's greatest one may reach the mirror after that scan. Keys of unchanged records
 * are not written again, so the overlap costs a read only.
 */
const OVERLAP_MS = 5 * 60_000;

export interface ScanOutcome {
  kind: 'full' | 'incremental';
  /** Customers whose keys were (re)made and who were compared with all others. */
  compared: number;
  /** Pairs written (found or found again). */
  pairs: number;
  ms: number;
  /** Of which the keying of the customers (the rest is comparing them and writing the pairs). */
  keysMs: number;
}

export interface DuplicateScannerOptions {
  db: Database;
  organisations: { ids(): Promise<number[]> };
  log: Logger;
  /** Names this instance in the lease. */
  holder?: string;
  intervalMs?: number;
}

class LeaseLost extends Error {}

/**
 * Finds likely duplicate customers in the mirror, per organisation, in the background: a full scan first (and
 * when a person asks for one), then after each complete mirror sync (`lastCompleteSync` past the mark of the
 * last scan) an incremental one that compares only the customers changed since with all others. A lease row
 * per organisation keeps two instances from scanning one organisation at once.
 */
export class DuplicateScanner {
  readonly #options: DuplicateScannerOptions;
  readonly #holder: string;
  readonly #work: RepeatingWork;

  constructor(options: DuplicateScannerOptions) {
    this.#options = options;
    this.#holder = options.holder ?? `${process.pid}-${randomUUID()}`;
    this.#work = new RepeatingWork({
      intervalMs: options.intervalMs ?? 30_000,
      round: () => this.tick(),
      onError: (error) => options.log.error({ err: error }, 'duplicate scan failed'),
    });
  }

  start(): void {
    this.#work.start();
  }

  stop(): Promise<void> {
    return this.#work.stop();
  }

  /** Settles when the scan under way (a poke's), if any, has finished. */
  idle(): Promise<void> {
    return this.#work.idle();
  }

  /** Scans what is due now (after "scan again"), without waiting for it; never two scans at a time. */
  poke(): void {
    this.#work.poke();
  }

  /** Every organisation's due scan, one after the other; resolves with how many scans ran. */
  async tick(): Promise<number> {
    let scans = 0;
    for (const organisationId of await this.#options.organisations.ids()) {
      if (await this.scanIfDue(organisationId)) scans += 1;
    }
    return scans;
  }

  /** The organisation's scan if one is due: null when none is, or another instance holds it. */
  async scanIfDue(organisationId: number): Promise<ScanOutcome | null> {
    const { db } = this.#options;
    const synced = await lastCompleteSync(db, organisationId);
    // Before the mirror's first complete sync there is nothing whole to compare.
    if (!synced) return null;
    const marks = await scanMarks(db, organisationId);
    if (!marks.watermark || marks.fullRequested || !(await hasKeys(db, organisationId))) {
      return this.fullScan(organisationId);
    }
    if (!marks.syncedAt || synced > marks.syncedAt) return this.incrementalScan(organisationId);
    return null;
  }

  /** Keys every mirrored customer and compares them all (by blocks). */
  fullScan(organisationId: number): Promise<ScanOutcome | null> {
    return this.#leased(organisationId, 'full', async (startedAt, progress) => {
      const { db } = this.#options;
      const syncedAt = await lastCompleteSync(db, organisationId);
      const total = Math.ceil((await mirroredCount(db, organisationId, 'customers', null)) / KEY_BATCH) + 1;
      let done = 0;
      let after = 0;
      let compared = 0;
      let watermark: Date | null = null;
      const began = performance.now();
      let keyed = began;
      const fresh = !(await hasKeys(db, organisationId));
      for (;;) {
        const batch = await keyCustomersAfter(db, organisationId, { afterId: after, limit: KEY_BATCH, fresh });
        if (batch.lastId === null) break;
        after = batch.lastId;
        compared += batch.written;
        if (batch.latest && (!watermark || batch.latest > watermark)) watermark = batch.latest;
        await progress(++done, Math.max(total, done + 1));
      }
      await analyzeKeys(db);
      keyed = performance.now();
      const scope: ScanScope = { all: true };
      const pairs = await writePairs(db, organisationId, scope, startedAt);
      await dropPairsNotFound(db, organisationId, scope, startedAt);
      return { watermark, syncedAt, compared, pairs, keysMs: keyed - began };
    });
  }

  /** Keys the customers changed since the last scan and compares them with all others. */
  incrementalScan(organisationId: number): Promise<ScanOutcome | null> {
    return this.#leased(organisationId, 'incremental', async (startedAt, progress) => {
      const { db } = this.#options;
      const syncedAt = await lastCompleteSync(db, organisationId);
      const { watermark } = await scanMarks(db, organisationId);
      const since = new Date((watermark?.getTime() ?? 0) - OVERLAP_MS);
      const began = performance.now();
      const batch = await keyCustomersChangedSince(db, organisationId, since);
      const keysMs = performance.now() - began;
      await progress(1, 2);
      let pairs = 0;
      if (batch.written.length > 0) {
        const scope: ScanScope = { all: false, customerIds: batch.written };
        pairs = await writePairs(db, organisationId, scope, startedAt);
        await dropPairsNotFound(db, organisationId, scope, startedAt);
      }
      return { watermark: batch.latest, syncedAt, compared: batch.written.length, pairs, keysMs };
    });
  }

  async #leased(
    organisationId: number,
    kind: 'full' | 'incremental',
    scan: (
      startedAt: Date,
      progress: (done: number, total: number) => Promise<void>,
    ) => Promise<{
      watermark: Date | null;
      syncedAt: Date | null;
      compared: number;
      pairs: number;
      keysMs: number;
    }>,
  ): Promise<ScanOutcome | null> {
    const { db, log } = this.#options;
    const holder = this.#holder;
    return inBackground(async () => {
      const began = performance.now();
      const startedAt = await claimScan(db, organisationId, holder, kind, LEASE_SECONDS);
      if (!startedAt) return null;
      const progress = async (done: number, total: number) => {
        if (!(await scanProgress(db, organisationId, holder, { done, total }, LEASE_SECONDS))) throw new LeaseLost();
      };
      try {
        const result = await scan(startedAt, progress);
        await finishScan(db, organisationId, holder, { ...result, pairsFound: result.pairs });
        const ms = performance.now() - began;
        const { compared, pairs, keysMs } = result;
        const outcome = { kind, compared, pairs, ms, keysMs };
        log.info({ organisationId, ...outcome }, 'duplicate scan finished');
        return outcome;
      } catch (error) {
        if (error instanceof LeaseLost) {
          log.warn({ organisationId }, 'a duplicate scan lost its lease to another instance; it stopped');
          // Its claim took the request for a full scan; the instance that took over may scan incrementally.
          if (kind === 'full') await requestFullScan(db, organisationId);
          return null;
        }
        await failScan(db, organisationId, holder, error instanceof Error ? error.message : String(error));
        throw error;
      }
    });
  }
}

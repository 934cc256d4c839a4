import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { type Database, inBackground } from '../../db/database';
import { RepeatingWork } from '../../repeating-work';
import { lastCompleteSync } from '../mirror';
import { keyedCount, readyKeysForFullScan, takeChangedCustomers } from './duplicate-keys-store';
import { dropPairsNotFound, type ScanScope, writePairs } from './duplicate-pairs-store';
import { claimScan, failScan, finishScan, requestFullScan, scanMarks, scanProgress } from './duplicates-store';

/** How long a scan holds its organisation before another instance may take over (renewed at every step). */
const LEASE_SECONDS = 300;

export interface ScanOutcome {
  kind: 'full' | 'incremental';
  /** Customers compared with all others: all of them, or those whose keys changed since the last scan. */
  compared: number;
  /** Pairs written (found or found again). */
  pairs: number;
  ms: number;
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
 * last scan) an incremental one that compares only the customers whose keys changed since with all others.
 * The mirror's writes keep the keys (migration 026): a scan compares, it does not key. A lease row
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
    if (!marks.watermark || marks.fullRequested) return this.fullScan(organisationId);
    if (!marks.syncedAt || synced > marks.syncedAt) return this.incrementalScan(organisationId);
    return null;
  }

  /** Compares every customer with all others (by blocks of a shared key). */
  fullScan(organisationId: number): Promise<ScanOutcome | null> {
    return this.#leased(organisationId, 'full', async (startedAt, progress) => {
      const { db } = this.#options;
      const syncedAt = await lastCompleteSync(db, organisationId);
      await readyKeysForFullScan(db);
      const { compared, pairs } = await db.transaction(async (tx) => {
        await takeChangedCustomers(tx, organisationId);
        const scope: ScanScope = { all: true };
        const written = await writePairs(tx, organisationId, scope, startedAt);
        await dropPairsNotFound(tx, organisationId, scope, startedAt);
        return { compared: await keyedCount(tx, organisationId), pairs: written };
      });
      await progress(1, 1);
      return { watermark: startedAt, syncedAt, compared, pairs };
    });
  }

  /** Compares the customers whose keys changed since the last scan with all others. */
  incrementalScan(organisationId: number): Promise<ScanOutcome | null> {
    return this.#leased(organisationId, 'incremental', async (startedAt, progress) => {
      const { db } = this.#options;
      const syncedAt = await lastCompleteSync(db, organisationId);
      const { compared, pairs } = await db.transaction(async (tx) => {
        const changed = await takeChangedCustomers(tx, organisationId);
        if (changed.length === 0) return { compared: 0, pairs: 0 };
        const scope: ScanScope = { all: false, customerIds: changed };
        const written = await writePairs(tx, organisationId, scope, startedAt);
        await dropPairsNotFound(tx, organisationId, scope, startedAt);
        return { compared: changed.length, pairs: written };
      });
      await progress(1, 1);
      return { watermark: startedAt, syncedAt, compared, pairs };
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
        const { compared, pairs } = result;
        const outcome = { kind, compared, pairs, ms };
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

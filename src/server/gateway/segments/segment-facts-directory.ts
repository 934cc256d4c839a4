import type { SegmentRule } from '@/contract/segments';
import { inBackground, type Queryable } from '../../db/database';
import { FactsColumns } from './facts-columns';
import { factsMembers, type Slots } from './facts-rule';
import {
  FACTS_READ_BATCH,
  type FactsMark,
  factsAfter,
  factsChangedAfter,
  factsMark,
  readLookups,
} from './segment-facts-store';
import { compileLookups } from './segment-sql';
import { refreshCustomerOrders } from './segment-store';

/**
 * One organisation's segment facts in this process's memory (facts-columns.ts), kept as the customer search keeps
 * its directory of the mirror: read whole once, then before every count the facts written since the last read
 * (usually none: one indexed statement). So every instance counts the database as it stands, whoever wrote it.
 * A removal leaves no row to read: when the organisation's removals moved, the facts are read whole again.
 */
export class SegmentFactsDirectory {
  readonly facts = new FactsColumns();
  /** The first read is done. */
  loaded = false;
  /** The facts had removals since they were read: this directory is to be read anew (SegmentFactsDirectories). */
  stale = false;
  #mark: FactsMark = { xmin: 0, removals: 0 };
  #reading: Promise<void> | null = null;
  #next: Promise<void> | null = null;

  constructor(
    private readonly db: Queryable,
    readonly organisationId: number,
  ) {}

  /** Reads what changed since the last read; waits for a read begun after the call (see CustomerDirectory.sync). */
  sync(): Promise<void> {
    if (!this.#reading) {
      this.#reading = this.#read().finally(() => {
        this.#reading = null;
      });
      return this.#reading;
    }
    this.#next ??= this.#reading
      .catch(() => undefined)
      .then(() => {
        this.#next = null;
        return this.sync();
      });
    return this.#next;
  }

  /** The members of a rule, their slots (see factsMembers), as of the last sync. */
  async members(rule: SegmentRule, today: string): Promise<Slots> {
    const lookups = compileLookups(this.organisationId, rule, today);
    const values = lookups.sql ? await readLookups(this.db, lookups.sql, lookups.params) : {};
    const byCondition = new Map(lookups.conditions.map((condition, n) => [condition, values[`l${n}`]]));
    return factsMembers(this.facts, rule, today, byCondition);
  }

  /** The customer ids of a page of members, ascending. */
  pageOf(members: Slots, page: { offset: number; limit: number }): number[] {
    const { facts } = this;
    const ids = (slots: ArrayLike<number>) => Array.from(slots, (slot) => facts.ids[slot] as number);
    // Slots were taken in customer id order unless a customer came after one with a higher id.
    if (facts.inIdOrder) return ids(members.subarray(page.offset, page.offset + page.limit));
    const member = new Uint8Array(facts.size);
    for (const slot of members) member[slot] = 1;
    const found: number[] = [];
    let skipped = 0;
    for (const slot of facts.slotsById()) {
      if (member[slot] !== 1) continue;
      if (skipped < page.offset) skipped += 1;
      else if (found.push(slot) === page.limit) break;
    }
    return ids(found);
  }

  async #read(): Promise<void> {
    if (!this.loaded) {
      await this.#readWhole();
      return;
    }
    // (xmin - 1, any id) comes just before (xmin, any id): every row with change_xid ≥ xmin.
    let after = { xid: this.#mark.xmin - 1, id: Number.MAX_SAFE_INTEGER };
    let next: FactsMark | null = null;
    for (;;) {
      const read = await factsChangedAfter(this.db, this.organisationId, after);
      next ??= read.mark;
      if (read.mark.removals !== this.#mark.removals) {
        this.stale = true;
        return;
      }
      for (const row of read.rows) this.facts.put(row);
      const last = read.rows.at(-1);
      if (!last || read.rows.length < FACTS_READ_BATCH) break;
      after = { xid: last.xid, id: last.id };
    }
    this.#mark = next;
  }

  async #readWhole(): Promise<void> {
    const mark = await factsMark(this.db, this.organisationId);
    let afterId = 0;
    for (;;) {
      const rows = await factsAfter(this.db, this.organisationId, afterId);
      for (const row of rows) this.facts.put(row);
      const last = rows.at(-1);
      if (!last || rows.length < FACTS_READ_BATCH) break;
      afterId = last.id;
    }
    this.#mark = mark;
    this.loaded = true;
  }
}

/**
 * This process's directories of segment facts, one per organisation that counted a segment here. A directory is read
 * whole in the background on its first use; meanwhile (and when its facts had a removal and it is being read anew)
 * `current` answers null and the caller counts with a statement, as before there were directories.
 */
export class SegmentFactsDirectories {
  readonly #directories = new Map<number, SegmentFactsDirectory>();

  constructor(private readonly db: Queryable) {}

  /** The organisation's directory caught up with the facts, or null while it is being read whole. */
  async current(organisationId: number): Promise<SegmentFactsDirectory | null> {
    let directory = this.#directories.get(organisationId);
    if (directory?.stale) directory = undefined;
    if (!directory) {
      directory = new SegmentFactsDirectory(this.db, organisationId);
      this.#directories.set(organisationId, directory);
      const reading = directory;
      // A failed first read leaves no directory behind: the next count starts another.
      void inBackground(() => reading.sync()).catch(() => {
        if (this.#directories.get(organisationId) === reading) this.#directories.delete(organisationId);
      });
      return null;
    }
    if (!directory.loaded) return null;
    await directory.sync();
    return directory.stale ? this.current(organisationId) : directory;
  }

  /**
   * Lets this process's copy of the organisation's facts (when it has one) read what changed now, rather than at its
   * next count: after an anonymisation, so the erased values leave memory at once.
   */
  async catchUp(organisationId: number): Promise<void> {
    const directory = this.#directories.get(organisationId);
    if (directory?.loaded && !directory.stale) await directory.sync();
  }

  /** The organisation's directory caught up, waiting for its first read if need be (a bench, a test). */
  async whenRead(organisationId: number): Promise<SegmentFactsDirectory> {
    for (;;) {
      const directory = await this.current(organisationId);
      if (directory) return directory;
      await this.#directories.get(organisationId)?.sync();
    }
  }
}

/** A rule's members in memory now, with the directory that counted them; null while the facts are being read. */
export interface MembersInMemory {
  directory: SegmentFactsDirectory;
  members: Slots;
}

/**
 * The rule's members over this process's copy of the facts, as they stand now: the marked customers' order totals
 * brought into the facts first (as a statement's count does), then what changed read; null until the copy is read.
 */
export async function membersInMemory(
  db: Queryable,
  directories: SegmentFactsDirectories,
  organisationId: number,
  rule: SegmentRule,
  today: string,
): Promise<MembersInMemory | null> {
  await refreshCustomerOrders(db, organisationId);
  const directory = await directories.current(organisationId);
  return directory ? { directory, members: await directory.members(rule, today) } : null;
}

import { looseFlag, type OptinState } from '@/contract/customer-prefs';
import type { CustomerSortColumn } from '@/contract/customer-search';
import { isAnonymisedEmail } from '@/contract/privacy-limits';
import type { Queryable } from '../../db/database';
import { UnavailableError } from '../errors';
import {
  type MirroredSearchRow,
  mirroredCustomerTotal,
  mirrorSnapshotXmin,
  SEARCH_READ_BATCH,
  searchRowsAfter,
  searchRowsChangedAfter,
} from '../mirror';
import { CustomerSearchIndex } from './search-index';
import { normalizeText } from './search-tokens';

/** What a search asks of the directory: text, filters, order, and which matches. */
export interface DirectoryQuery {
  text: string;
  tag?: string | undefined;
  optin?: OptinState | undefined;
  /** YYYY-MM-DD: changed on or after that day. */
  since?: string | undefined;
  sort?: { column: CustomerSortColumn; descending: boolean } | null | undefined;
  offset: number;
  limit: number;
}

export interface DirectoryAnswer {
  /** Matches in all. */
  total: number;
  /** Customer ids of matches [offset, offset + limit), in order. */
  customerIds: number[];
}

/**
 * The least time between two compactions that forget anonymised customers' old words: one costs a sort of the
 * whole index (2.5–3.3 s at 100,000 customers on a loaded 2-core machine), so a batch of a thousand erasures
 * costs one a minute, not a thousand.
 */
const FORGET_EVERY_MS = 60_000;

/** Customers read in one catch-up from which the index is sorted at once (a few are searched unsorted). */
const SEAL_AFTER = 1_000;

const OPTIN_CODE: Record<OptinState, number> = { unknown: 0, yes: 1, no: 2 };

/** `YYYY-MM-DD…` → yyyymmdd as a number (0 when it is not a date): "changed since" compares these. */
function dayNumber(text: string | null | undefined): number {
  if (!text || !/^\d{4}-\d{2}-\d{2}/.test(text)) return 0;
  return Number(text.slice(0, 4)) * 10_000 + Number(text.slice(5, 7)) * 100 + Number(text.slice(8, 10));
}

function grownFloat(array: Float64Array<ArrayBuffer>, needed: number): Float64Array<ArrayBuffer> {
  if (array.length >= needed) return array;
  const grown = new Float64Array(Math.max(needed, array.length * 2, 1024));
  grown.set(array);
  return grown;
}

function grownInt(array: Int32Array<ArrayBuffer>, needed: number): Int32Array<ArrayBuffer> {
  if (array.length >= needed) return array;
  const grown = new Int32Array(Math.max(needed, array.length * 2, 1024));
  grown.set(array);
  return grown;
}

function grownBytes(array: Uint8Array<ArrayBuffer>, needed: number): Uint8Array<ArrayBuffer> {
  if (array.length >= needed) return array;
  const grown = new Uint8Array(Math.max(needed, array.length * 2, 1024));
  grown.set(array);
  return grown;
}

/**
 * One organisation's customers as the search needs them, in this process's memory: the search index, and per
 * customer what the filters and the sort read (tags, opt-in, day of the last change, sort keys). The customers
 * themselves stay in the mirror; a page of results is read from there by id.
 *
 * It is fed from gateway.mirror_customers and catches up before every answer (`sync`): one indexed read of
 * the rows written since it last looked, usually none. So every instance answers from the database's current
 * state, whoever wrote it, and a customer saved through any instance is found on all of them at once.
 */
export class CustomerDirectory {
  private readonly index = new CustomerSearchIndex();
  /** Customer id → slot: each customer's row in the arrays below, kept for good (a change reuses it). */
  private readonly slotOf = new Map<number, number>();
  private slots = 0;
  private customerIds = new Float64Array(0);
  /** change_xid of what the slot holds: a row read again unchanged is skipped. */
  private xids = new Float64Array(0);
  private changedDay = new Int32Array(0);
  private changedMs = new Float64Array(0);
  private credit = new Float64Array(0);
  private optin = new Uint8Array(0);
  private nameKeys: string[] = [];
  private emailKeys: string[] = [];
  private cityKeys: string[] = [];
  /** Tag → which slots hold it (1) and how many do. */
  private readonly tagSlots = new Map<string, { slots: Uint8Array<ArrayBuffer>; count: number }>();
  /** Values many customers share (name keys, cities), one string each. */
  private readonly interned = new Map<string, string>();
  /** The xmin of the snapshot of the last read: everything written since has a change_xid ≥ this. */
  private watermark = 0;
  /** The first read (the whole mirror) is done; until then, how far it got. */
  loaded = false;
  readonly firstLoad = { read: 0, total: 0 };
  /** The read running now, and whether another must follow it (see sync). */
  private reading: Promise<void> | null = null;
  private next: Promise<void> | null = null;
  /** Orders of all customers by a column, for the version of the directory they were made for. */
  private readonly orders = new Map<string, { version: number; slots: Int32Array }>();
  private version = 0;
  /** A read took in an anonymised customer over what they were: what they were must go from memory too. */
  private erased = false;
  private lastForgotAt = Number.NEGATIVE_INFINITY;
  private forgetTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly db: Queryable,
    readonly organisationId: number,
    /** The least time between two compactions that forget anonymised customers (tests shorten it). */
    private readonly forgetEveryMs = FORGET_EVERY_MS,
  ) {}

  /** Customers held. */
  get size(): number {
    return this.slots;
  }

  /** Postings in the search index: what its memory grows with. */
  get postingCount(): number {
    return this.index.postingCount;
  }

  /**
   * Reads what changed in the mirror since the last read. A call waits for a read that began after it was
   * made: one already running may have started before the change the caller is about to look for.
   */
  sync(): Promise<void> {
    if (!this.reading) {
      this.reading = this.readChanges().finally(() => {
        this.reading = null;
      });
      return this.reading;
    }
    this.next ??= this.reading
      .catch(() => undefined)
      .then(() => {
        this.next = null;
        return this.sync();
      });
    return this.next;
  }

  private async readChanges(): Promise<void> {
    const first = !this.loaded;
    // What this read cannot see, the next one asks for: from the oldest snapshot of this read on.
    let nextWatermark = first ? await mirrorSnapshotXmin(this.db) : null;
    if (first) this.firstLoad.total = await mirroredCustomerTotal(this.db, this.organisationId);
    let changed = 0;
    let afterXid = this.watermark - 1;
    // (watermark - 1, max) begins just before (watermark, any id): every row with change_xid ≥ watermark.
    let afterId = first ? 0 : Number.MAX_SAFE_INTEGER;
    for (;;) {
      let rows: MirroredSearchRow[];
      if (first) rows = await searchRowsAfter(this.db, this.organisationId, afterId);
      else {
        const read = await searchRowsChangedAfter(this.db, this.organisationId, { xid: afterXid, id: afterId });
        nextWatermark ??= read.xmin;
        rows = read.rows;
      }
      for (const row of rows) {
        if (first) this.firstLoad.read += 1;
        if (this.put(row)) changed += 1;
        afterXid = row.xid;
        afterId = row.id;
      }
      if (rows.length < SEARCH_READ_BATCH) break;
    }
    if (nextWatermark !== null && Number.isFinite(nextWatermark)) this.watermark = nextWatermark;
    this.loaded = true;
    if (changed > 0) this.version += 1;
    // After a load, sort the index now rather than in the first search; a few changes are searched unsorted
    // until they add up (the index seals itself then).
    if (this.erased) this.forgetSoon();
    else if (changed >= SEAL_AFTER) this.index.seal();
  }

  /** Forgets replaced words now, or, within a minute of the last time, once that minute is over. */
  private forgetSoon(): void {
    const wait = this.lastForgotAt + this.forgetEveryMs - performance.now();
    if (wait <= 0) {
      this.forgetReplaced();
      return;
    }
    // Through a read, so it never runs in the middle of one; unref: a waiting erasure keeps no process alive.
    this.forgetTimer ??= setTimeout(() => {
      this.forgetTimer = null;
      void this.sync().catch(() => undefined);
    }, wait);
    this.forgetTimer.unref?.();
  }

  /**
   * Drops what replaced records held (a privacy request's anonymisation): the index keeps a replaced customer's
   * words until it compacts, and the shared texts (names, cities) until no one uses them. Costs a compaction
   * (a sort of the index, seconds at a million), so only an erasure asks for it, not every edit.
   */
  private forgetReplaced(): void {
    this.erased = false;
    this.lastForgotAt = performance.now();
    this.index.compact();
    this.interned.clear();
    for (let slot = 0; slot < this.slots; slot++) {
      this.nameKeys[slot] = this.intern(this.nameKeys[slot] as string);
      this.cityKeys[slot] = this.intern(this.cityKeys[slot] as string);
    }
  }

  /** Takes a row into the directory; false when it held exactly that already. */
  private put(row: MirroredSearchRow): boolean {
    let slot = this.slotOf.get(row.id);
    if (slot !== undefined && this.xids[slot] === row.xid) return false;
    if (slot !== undefined && isAnonymisedEmail(row.email)) this.erased = true;
    if (slot === undefined) {
      slot = this.slots++;
      this.slotOf.set(row.id, slot);
      this.ensureCapacity(this.slots);
    }
    const { firstName, preposition, lastName, city } = row;
    this.customerIds[slot] = row.id;
    this.xids[slot] = row.xid;
    this.changedDay[slot] = dayNumber(row.lastChanged);
    this.changedMs[slot] = Date.parse(row.lastChanged) || 0;
    const credit = Number(row.credit);
    this.credit[slot] = Number.isFinite(credit) ? credit : 0;
    this.optin[slot] = row.hasPrefs ? (looseFlag(row.optin) ? OPTIN_CODE.yes : OPTIN_CODE.no) : OPTIN_CODE.unknown;
    this.nameKeys[slot] = this.intern(normalizeText(`${lastName} ${firstName} ${preposition}`));
    this.emailKeys[slot] = row.email.toLowerCase();
    this.cityKeys[slot] = this.intern(normalizeText(city));
    for (const [tag, holders] of this.tagSlots) {
      if (holders.slots[slot] === 1 && !row.tags.includes(tag)) {
        holders.slots[slot] = 0;
        holders.count -= 1;
      }
    }
    for (const tag of row.tags) {
      let holders = this.tagSlots.get(tag);
      if (!holders) {
        holders = { slots: new Uint8Array(this.customerIds.length), count: 0 };
        this.tagSlots.set(tag, holders);
      }
      if (holders.slots[slot] !== 1) {
        holders.slots[slot] = 1;
        holders.count += 1;
      }
    }
    this.index.upsert(slot, {
      customerId: row.id,
      customerFirstName: firstName,
      customerPreposition: preposition,
      customerLastName: lastName,
      email: row.email,
      customerPhone: row.phone,
      customerZip: row.zip,
      customerCity: city,
      customerTags: row.tags,
      customerExternalId: row.externalId,
    });
    return true;
  }

  private intern(text: string): string {
    const known = this.interned.get(text);
    if (known !== undefined) return known;
    this.interned.set(text, text);
    return text;
  }

  private ensureCapacity(needed: number): void {
    if (this.customerIds.length >= needed) return;
    this.customerIds = grownFloat(this.customerIds, needed);
    const capacity = this.customerIds.length;
    this.xids = grownFloat(this.xids, capacity);
    this.changedDay = grownInt(this.changedDay, capacity);
    this.changedMs = grownFloat(this.changedMs, capacity);
    this.credit = grownFloat(this.credit, capacity);
    this.optin = grownBytes(this.optin, capacity);
    for (const holders of this.tagSlots.values()) holders.slots = grownBytes(holders.slots, capacity);
  }

  /** The matches of a query (search text, filters, order) and the customer ids of the rows asked for. */
  query(query: DirectoryQuery): DirectoryAnswer {
    const slots = this.matches(query);
    const end = Math.min(slots.length, query.offset + query.limit);
    const customerIds: number[] = [];
    for (let at = query.offset; at < end; at++) customerIds.push(this.customerIds[slots[at] as number] as number);
    return { total: slots.length, customerIds };
  }

  /** Customers per tag held by anyone, most held first. */
  tagCounts(): { tag: string; customers: number }[] {
    return [...this.tagSlots]
      .filter(([, holders]) => holders.count > 0)
      .map(([tag, holders]) => ({ tag, customers: holders.count }))
      .sort((a, b) => b.customers - a.customers || a.tag.localeCompare(b.tag, 'nl'));
  }

  /** Slots matching the search and the filters, in the order asked for (best match first by default). */
  private matches(query: DirectoryQuery): Int32Array {
    const found = this.index.search(query.text);
    const keep = this.filter(query);
    if (query.sort) {
      const candidates = found ?? this.allSlots();
      const kept = keep ? candidates.filter(keep) : candidates;
      // Everyone (no search, no filter): the whole order, kept until the next change.
      if (kept.length === this.slots && kept.length > 0) return this.order(query.sort.column, query.sort.descending);
      return this.sorted(kept, query.sort.column, query.sort.descending);
    }
    const source = found ?? this.allSlots();
    return keep ? source.filter(keep) : source;
  }

  /** The filters as one test of a slot, or null when there are none. */
  private filter(query: DirectoryQuery): ((slot: number) => boolean) | null {
    const tagHolders = query.tag ? (this.tagSlots.get(query.tag)?.slots ?? new Uint8Array(0)) : null;
    const optin = query.optin ? OPTIN_CODE[query.optin] : -1;
    const since = dayNumber(query.since);
    if (!tagHolders && optin < 0 && since === 0) return null;
    return (slot) =>
      (!tagHolders || tagHolders[slot] === 1) &&
      (optin < 0 || this.optin[slot] === optin) &&
      (since === 0 || (this.changedDay[slot] as number) >= since);
  }

  /** Every customer, in the order they came into the mirror. */
  private allSlots(): Int32Array {
    const all = new Int32Array(this.slots);
    for (let slot = 0; slot < this.slots; slot++) all[slot] = slot;
    return all;
  }

  private order(column: CustomerSortColumn, descending: boolean): Int32Array {
    const name = `${column}:${descending ? 'desc' : 'asc'}`;
    const cached = this.orders.get(name);
    if (cached?.version === this.version) return cached.slots;
    const slots = this.sorted(this.allSlots(), column, descending);
    this.orders.set(name, { version: this.version, slots });
    return slots;
  }

  /** `slots` sorted by a column (ties in the order they came); a new array. */
  private sorted(slots: Int32Array, column: CustomerSortColumn, descending: boolean): Int32Array {
    const way = descending ? -1 : 1;
    const byNumber = (keys: Float64Array) => (a: number, b: number) =>
      ((keys[a] as number) - (keys[b] as number)) * way || a - b;
    const byText = (keys: string[]) => (a: number, b: number) => {
      const x = keys[a] as string;
      const y = keys[b] as string;
      return x < y ? -way : x > y ? way : a - b;
    };
    const compare =
      column === 'credit'
        ? byNumber(this.credit)
        : column === 'lastChanged'
          ? byNumber(this.changedMs)
          : byText(column === 'name' ? this.nameKeys : column === 'email' ? this.emailKeys : this.cityKeys);
    return Int32Array.from(slots).sort(compare);
  }
}

/** Retry-After while the search starts. */
const STARTING_RETRY_SECONDS = 3;

/**
 * The first read of an organisation's mirror is still under way (a million customers take minutes): a 503
 * that says how far it got, and when to ask again.
 */
export class SearchStarting extends UnavailableError {
  constructor(
    readonly read: number,
    readonly total: number,
  ) {
    super(`The customer search is starting: ${read} of ${total} customers read`, {
      retryAfterSeconds: STARTING_RETRY_SECONDS,
      extra: { read, total },
    });
  }
}

/** How long a search waits for the first read of the mirror before it is answered "starting" instead. */
const FIRST_LOAD_PATIENCE_MS = 5_000;

/**
 * How often this process's directories read what the mirror took in meanwhile, without a search asking (the
 * customer-search job). A first sync of 100,000 customers then reaches the directories as it writes them: the first
 * search after it waited 2.7 s to read them all (bench:web, customers at 100,000) when only a search made them read.
 */
export const SEARCH_CATCH_UP_MS = 2_000;

/**
 * The directories of this process, one per organisation, made on first use. Each reads the whole mirror once
 * (in the background from the gateway's start, or on the first search) and then only what changed.
 */
export class CustomerDirectories {
  private readonly directories = new Map<number, CustomerDirectory>();

  constructor(
    private readonly db: Queryable,
    private readonly patienceMs = FIRST_LOAD_PATIENCE_MS,
  ) {}

  /**
   * The organisation's directory, caught up with the mirror as it stands now. While its first read goes on,
   * this waits a few seconds for it and then throws SearchStarting (the read goes on) rather than keep a
   * request open for minutes.
   */
  async current(organisationId: number): Promise<CustomerDirectory> {
    const directory = this.directoryOf(organisationId);
    const synced = directory.sync();
    if (directory.loaded) {
      await synced;
      return directory;
    }
    // Its failure is reported to whoever awaits it; here it only must not go unhandled.
    synced.catch(() => undefined);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const patience = new Promise<'waited'>((resolve) => {
      timer = setTimeout(() => resolve('waited'), this.patienceMs);
    });
    try {
      if ((await Promise.race([synced, patience])) === 'waited') {
        throw new SearchStarting(directory.firstLoad.read, directory.firstLoad.total);
      }
    } finally {
      clearTimeout(timer);
    }
    return directory;
  }

  /** Loads these organisations' directories, so their first search does not wait for it; customers read. */
  async warm(organisationIds: readonly number[]): Promise<number> {
    let customers = 0;
    for (const organisationId of organisationIds) {
      const directory = this.directoryOf(organisationId);
      await directory.sync();
      customers += directory.size;
    }
    return customers;
  }

  /**
   * Lets every directory this process has read whole take in what changed in the mirror since (every
   * SEARCH_CATCH_UP_MS, see scheduler.ts): whoever wrote it — a sync, a write through any instance — the next
   * search reads only what came in the last moment. One indexed read each, of nothing when nothing changed.
   */
  async catchUpAll(): Promise<void> {
    for (const organisationId of this.directories.keys()) await this.catchUp(organisationId);
  }

  /**
   * Lets this process's directory of the organisation (when it has one) read what changed in the mirror now,
   * rather than before its next search: after an anonymisation, so the replaced words leave memory at once.
   */
  async catchUp(organisationId: number): Promise<void> {
    const directory = this.directories.get(organisationId);
    if (directory?.loaded) await directory.sync();
  }

  private directoryOf(organisationId: number): CustomerDirectory {
    let directory = this.directories.get(organisationId);
    if (!directory) {
      directory = new CustomerDirectory(this.db, organisationId);
      this.directories.set(organisationId, directory);
    }
    return directory;
  }
}

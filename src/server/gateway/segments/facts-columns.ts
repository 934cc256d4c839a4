/**
 * An organisation's segment facts (migration 039: one row per mirrored customer) as columns in this process's
 * memory, for counting a rule without a scan of the table (facts-rule.ts). A customer has a slot; each fact is a
 * typed array indexed by slot; texts and ids are numbered through dictionaries, so a condition compares small
 * integers. Filled and kept in step by segment-facts-directory.ts; the table stays what every answer is checked
 * against (the tests compare both on every kind of condition).
 *
 * Why: on PGlite a scan of a million facts rows costs 155-270 ms before a condition is judged (EXPLAIN with every
 * page cached), so rules of up to five conditions missed issue 30's 300 ms; a pass over a typed array of a million
 * slots takes a few milliseconds.
 */

/** One customer's facts as segment-facts-store.ts reads them. Days are days since 1970-01-01, instants in ms. */
export interface FactsRow {
  id: number;
  xid: number;
  zip: number | null;
  optin: boolean;
  mailinglist: boolean;
  extraOptin: boolean;
  orders: number | null;
  amountCents: number | null;
  lastDay: number | null;
  lastChangedMs: number;
  firstSeenMs: number;
  city: string;
  country: string;
  tags: string[];
  days: number[] | null;
  runningCents: number[] | null;
  events: number[] | null;
  prices: number[] | null;
  /** What they bought (migration 017's purchases): the event, the order's day, the price type's id (null: none). */
  purchases: { event: number; day: number; price: number | null }[];
  /** customerCustom1..7 as the facts keep them (trimmed, lower-cased), null when empty. */
  custom: (string | null)[];
}

/**
 * Texts (or ids) numbered in the order they were first held. A value no slot holds any more is forgotten at once
 * (a privacy request's anonymisation must leave nothing of the person in memory); its number is not reused.
 */
export class Dictionary<T extends string | number> {
  readonly #codes = new Map<T, number>();
  readonly #values: (T | undefined)[] = [];
  readonly #holders: number[] = [];
  #next = 0;

  /** Codes given so far (flags arrays are this long). */
  get size(): number {
    return this.#next;
  }

  /** The value's code, one more slot holding it. */
  hold(value: T): number {
    let code = this.#codes.get(value);
    if (code === undefined) {
      code = this.#next++;
      this.#codes.set(value, code);
      this.#values[code] = value;
      this.#holders[code] = 0;
    }
    this.#holders[code] = (this.#holders[code] as number) + 1;
    return code;
  }

  /** One slot fewer holding the value of `code`. */
  release(code: number): void {
    const holders = (this.#holders[code] as number) - 1;
    this.#holders[code] = holders;
    if (holders > 0) return;
    this.#codes.delete(this.#values[code] as T);
    this.#values[code] = undefined;
  }

  /** The value's code, if a slot holds it. */
  find(value: T): number | undefined {
    return this.#codes.get(value);
  }

  /** The codes of those values that have one, as flags indexed by code (values no one holds match nothing). */
  flags(values: Iterable<T>): Uint8Array {
    const flags = new Uint8Array(this.#next);
    for (const value of values) {
      const code = this.#codes.get(value);
      if (code !== undefined) flags[code] = 1;
    }
    return flags;
  }

  /** Flags of the codes whose value passes `test`. */
  flagsWhere(test: (value: T) => boolean): Uint8Array {
    const flags = new Uint8Array(this.#next);
    for (const [value, code] of this.#codes) if (test(value)) flags[code] = 1;
    return flags;
  }
}

/** A list per slot (or none: null), packed end to end; a replaced list leaves its old place unused until a repack. */
export class ListColumn<A extends Int32Array | Float64Array> {
  start = new Int32Array(0);
  /** -1: null. */
  length = new Int32Array(0);
  values: A;
  #used = 0;
  #live = 0;

  constructor(private readonly make: (size: number) => A) {
    this.values = make(1024);
  }

  grow(capacity: number): void {
    this.start = grown(this.start, capacity);
    const length = new Int32Array(capacity).fill(-1);
    length.set(this.length);
    this.length = length;
  }

  /** The slot's list (a copy; empty for null). */
  listOf(slot: number): number[] {
    const length = this.length[slot] as number;
    if (length <= 0) return [];
    const start = this.start[slot] as number;
    return Array.from(this.values.subarray(start, start + length));
  }

  set(slot: number, list: readonly number[] | null): void {
    const before = this.length[slot] ?? -1;
    if (before > 0) this.#live -= before;
    if (list === null) {
      this.length[slot] = -1;
      return;
    }
    if (this.#used + list.length > this.values.length) this.#makeRoom(list.length);
    this.values.set(list, this.#used);
    this.start[slot] = this.#used;
    this.length[slot] = list.length;
    this.#used += list.length;
    this.#live += list.length;
  }

  /** Room for `more`: the live lists packed again when at most half of the array is theirs, else a larger array. */
  #makeRoom(more: number): void {
    const needed = this.#live + more;
    const size = needed * 2 > this.values.length ? Math.max(needed * 2, 1024) : this.values.length;
    const values = this.make(size);
    let at = 0;
    for (let slot = 0; slot < this.length.length; slot++) {
      const length = this.length[slot] as number;
      if (length <= 0) continue;
      const from = this.start[slot] as number;
      values.set(this.values.subarray(from, from + length), at);
      this.start[slot] = at;
      at += length;
    }
    this.values = values;
    this.#used = at;
  }
}

const CUSTOM_FIELDS = 7;
/** zip_digits null (the digits are 0-9999). */
const NO_ZIP = -1;
/** A custom field without a value. */
export const NO_VALUE = -1;

function grown<A extends Int32Array | Float64Array | Uint8Array>(array: A, capacity: number): A {
  const bigger = new (array.constructor as new (size: number) => A)(capacity);
  bigger.set(array);
  return bigger;
}

/** A slot's codes in the dictionaries, let go when the slot is written again. */
interface HeldCodes {
  city: number;
  country: number;
  custom: number[];
  tags: number[];
  events: number[];
  prices: number[];
}

export class FactsColumns {
  /** Slots in use (0..size-1); a customer keeps their slot. */
  size = 0;
  readonly #slotOf = new Map<number, number>();
  ids = new Float64Array(0);
  xids = new Float64Array(0);
  zip = new Int32Array(0);
  optin = new Uint8Array(0);
  mailinglist = new Uint8Array(0);
  extraOptin = new Uint8Array(0);
  /** NaN: null (no completed order). */
  orders = new Float64Array(0);
  amountCents = new Float64Array(0);
  lastDay = new Float64Array(0);
  lastChangedMs = new Float64Array(0);
  firstSeenMs = new Float64Array(0);
  city = new Int32Array(0);
  country = new Int32Array(0);
  /** Per custom field (0 = customerCustom1), the value's code or NO_VALUE. */
  custom: Int32Array[] = Array.from({ length: CUSTOM_FIELDS }, () => new Int32Array(0));
  readonly cities = new Dictionary<string>();
  readonly countries = new Dictionary<string>();
  readonly tagNames = new Dictionary<string>();
  readonly eventIds = new Dictionary<number>();
  readonly priceIds = new Dictionary<number>();
  readonly customValues: Dictionary<string>[] = Array.from({ length: CUSTOM_FIELDS }, () => new Dictionary<string>());
  /** Tag codes. */
  readonly tags = new ListColumn((size) => new Int32Array(size));
  readonly days = new ListColumn((size) => new Int32Array(size));
  readonly runningCents = new ListColumn((size) => new Float64Array(size));
  /** Event codes (eventIds). */
  readonly events = new ListColumn((size) => new Int32Array(size));
  /** Price type codes (priceIds). */
  readonly prices = new ListColumn((size) => new Int32Array(size));
  /** The purchases, as three lists of the same length: event codes, days, price type codes (NO_VALUE: none). */
  readonly purchaseEvents = new ListColumn((size) => new Int32Array(size));
  readonly purchaseDays = new ListColumn((size) => new Int32Array(size));
  readonly purchasePrices = new ListColumn((size) => new Int32Array(size));
  /** Slots by ascending customer id, sorted when first asked for since the last new slot. */
  #byId: Int32Array | null = null;
  #ordered = true;

  slotOf(customerId: number): number | undefined {
    return this.#slotOf.get(customerId);
  }

  /** Writes a customer's facts (nothing when their slot holds this version already: the same writing transaction). */
  put(row: FactsRow): void {
    let slot = this.#slotOf.get(row.id);
    const known = slot !== undefined;
    if (slot === undefined) slot = this.#newSlot(row.id);
    else if (this.xids[slot] === row.xid) return;
    // What the slot held, let go once the new values are held (a value kept keeps its code).
    const held = known ? this.#heldCodes(slot) : null;
    this.xids[slot] = row.xid;
    this.zip[slot] = row.zip ?? NO_ZIP;
    this.optin[slot] = row.optin ? 1 : 0;
    this.mailinglist[slot] = row.mailinglist ? 1 : 0;
    this.extraOptin[slot] = row.extraOptin ? 1 : 0;
    this.orders[slot] = row.orders ?? Number.NaN;
    this.amountCents[slot] = row.amountCents ?? Number.NaN;
    this.lastDay[slot] = row.lastDay ?? Number.NaN;
    this.lastChangedMs[slot] = row.lastChangedMs;
    this.firstSeenMs[slot] = row.firstSeenMs;
    this.city[slot] = this.cities.hold(row.city);
    this.country[slot] = this.countries.hold(row.country);
    for (let field = 0; field < CUSTOM_FIELDS; field++) {
      const value = row.custom[field] ?? null;
      (this.custom[field] as Int32Array)[slot] =
        value === null ? NO_VALUE : (this.customValues[field] as Dictionary<string>).hold(value);
    }
    this.tags.set(
      slot,
      row.tags.map((tag) => this.tagNames.hold(tag)),
    );
    this.days.set(slot, row.days);
    this.runningCents.set(slot, row.runningCents);
    this.events.set(slot, row.events?.map((id) => this.eventIds.hold(id)) ?? null);
    this.prices.set(slot, row.prices?.map((id) => this.priceIds.hold(id)) ?? null);
    this.purchaseEvents.set(
      slot,
      row.purchases.map((purchase) => this.eventIds.hold(purchase.event)),
    );
    this.purchaseDays.set(
      slot,
      row.purchases.map((purchase) => purchase.day),
    );
    this.purchasePrices.set(
      slot,
      row.purchases.map((purchase) => (purchase.price === null ? NO_VALUE : this.priceIds.hold(purchase.price))),
    );
    if (held) this.#release(held);
  }

  /** The codes a slot holds in the dictionaries. */
  #heldCodes(slot: number): HeldCodes {
    return {
      city: this.city[slot] as number,
      country: this.country[slot] as number,
      custom: this.custom.map((column) => column[slot] as number),
      tags: this.tags.listOf(slot),
      events: [...this.events.listOf(slot), ...this.purchaseEvents.listOf(slot)],
      prices: [...this.prices.listOf(slot), ...this.purchasePrices.listOf(slot).filter((code) => code !== NO_VALUE)],
    };
  }

  #release(held: HeldCodes): void {
    this.cities.release(held.city);
    this.countries.release(held.country);
    held.custom.forEach((code, field) => {
      if (code !== NO_VALUE) this.customValues[field]?.release(code);
    });
    for (const code of held.tags) this.tagNames.release(code);
    for (const code of held.events) this.eventIds.release(code);
    for (const code of held.prices) this.priceIds.release(code);
  }

  /** Whether slot order is customer id order (slots are taken as customers come, by id on a first read). */
  get inIdOrder(): boolean {
    return this.#ordered;
  }

  /** The slots in ascending customer id (for when they are not in that order: see inIdOrder). */
  slotsById(): Int32Array {
    const ids = this.ids;
    this.#byId ??= Int32Array.from({ length: this.size }, (_, slot) => slot).sort(
      (a, b) => (ids[a] as number) - (ids[b] as number),
    );
    return this.#byId;
  }

  #newSlot(customerId: number): number {
    const slot = this.size;
    if (slot === this.ids.length) this.#grow(Math.max(1024, slot * 2));
    if (slot > 0 && (this.ids[slot - 1] as number) > customerId) this.#ordered = false;
    this.#byId = null;
    this.ids[slot] = customerId;
    this.#slotOf.set(customerId, slot);
    this.size += 1;
    return slot;
  }

  #grow(capacity: number): void {
    this.ids = grown(this.ids, capacity);
    this.xids = grown(this.xids, capacity);
    this.zip = grown(this.zip, capacity);
    this.optin = grown(this.optin, capacity);
    this.mailinglist = grown(this.mailinglist, capacity);
    this.extraOptin = grown(this.extraOptin, capacity);
    this.orders = grown(this.orders, capacity);
    this.amountCents = grown(this.amountCents, capacity);
    this.lastDay = grown(this.lastDay, capacity);
    this.lastChangedMs = grown(this.lastChangedMs, capacity);
    this.firstSeenMs = grown(this.firstSeenMs, capacity);
    this.city = grown(this.city, capacity);
    this.country = grown(this.country, capacity);
    this.custom = this.custom.map((column) => grown(column, capacity));
    for (const list of [
      this.tags,
      this.days,
      this.runningCents,
      this.events,
      this.prices,
      this.purchaseEvents,
      this.purchaseDays,
      this.purchasePrices,
    ]) {
      list.grow(capacity);
    }
  }
}

import type { SegmentCondition, SegmentNode, SegmentRule } from '@/contract/segments';
import { type Dictionary, type FactsColumns, type ListColumn, NO_VALUE } from './facts-columns';
import { periodBounds, zipPrefixRange } from './segment-sql';

/**
 * A rule judged over the facts in memory (facts-columns.ts): the members' slots. It answers what the compiled
 * statement (segment-sql.ts) answers over gateway.segment_facts, condition by condition — the tests hold both to
 * the same members — with what only the database knows handed in as `lookups` (compileLookups: folded texts, the
 * wanted event and price type ids, the customers on a waiting list, a period's instants).
 *
 * SQL's unknowns: a condition on a missing value (no orders, no zip) is unknown there, and unknown is as good as
 * false under AND and OR, which is all a rule combines with (a NOT stands only before conditions that are never
 * unknown). So here every condition is true or false, unknown being false.
 */
export type FactsLookups = ReadonlyMap<SegmentCondition, unknown>;

/** Days since 1970-01-01 of a `YYYY-MM-DD` day, as the facts hold days. */
export const dayNumber = (day: string): number =>
  Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;

/** How many of the slot's (ascending) list values are ≤ `operand`: SQL's width_bucket(operand, list). */
function widthBucket(list: ListColumn<Int32Array>, slot: number, operand: number): number {
  const start = list.start[slot] as number;
  let low = 0;
  let high = list.length[slot] as number;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((list.values[start + middle] as number) > operand) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** Slots, ascending. */
export type Slots = Int32Array;

/** The slots whose flag is `flag` (a loop of its own: TypedArray's filter with a callback is several times slower). */
function flagged(slots: Slots, flags: Uint8Array, flag: 0 | 1): Slots {
  const found = new Int32Array(slots.length);
  let count = 0;
  for (let at = 0; at < slots.length; at++) {
    const slot = slots[at] as number;
    if (flags[slot] === flag) found[count++] = slot;
  }
  return found.subarray(0, count);
}

/**
 * How dear a condition is to judge per candidate, relative to the others, and how narrow it tends to be: the
 * customers of a lookup (a waiting list) first, then a compare of one value, then a search of a list (tags,
 * purchases), then order totals (a search of the order days), then groups.
 */
function cost(node: SegmentNode): number {
  if (node.kind === 'group') return 4;
  switch (node.kind) {
    case 'waitingList':
      return 0;
    case 'production':
    case 'eventType':
    case 'priceType':
    case 'tags':
      return 2;
    case 'orderCount':
    case 'orderAmount':
      return 3;
    default:
      return 1;
  }
}

/** coalesce(running_cents[count], 0): the sum of a slot's first `count` order amounts (0 for none or NaN). */
function runningSum(runningCents: ListColumn<Float64Array>, slot: number, count: number): number {
  if (!(count >= 1) || count > (runningCents.length[slot] as number)) return 0;
  return runningCents.values[(runningCents.start[slot] as number) + count - 1] as number;
}

class FactsJudge {
  constructor(
    private readonly facts: FactsColumns,
    private readonly today: string,
    private readonly lookups: FactsLookups,
  ) {}

  /**
   * The members among `candidates` (slots, ascending): a group's conditions are judged only for the slots still in
   * the running — under AND those the conditions before let through (the cheapest and narrowest first, as
   * PostgreSQL orders a scan's conditions by cost), under OR those no condition before took.
   */
  node(node: SegmentNode, candidates: Slots): Slots {
    if (node.kind !== 'group') return this.condition(node, candidates);
    if (node.match === 'all') {
      let members = candidates;
      for (const rule of [...node.rules].sort((a, b) => cost(a) - cost(b))) members = this.node(rule, members);
      return members;
    }
    const taken = new Uint8Array(this.facts.size);
    let open = candidates;
    for (const [n, rule] of node.rules.entries()) {
      for (const slot of this.node(rule, open)) taken[slot] = 1;
      if (n < node.rules.length - 1) open = flagged(open, taken, 0);
    }
    return flagged(candidates, taken, 1);
  }

  /** The candidates for which `test` holds. */
  #where(candidates: Slots, test: (slot: number) => boolean): Slots {
    const found = new Int32Array(candidates.length);
    let count = 0;
    for (let at = 0; at < candidates.length; at++) {
      const slot = candidates[at] as number;
      if (test(slot)) found[count++] = slot;
    }
    return found.subarray(0, count);
  }

  /** The candidates whose code (in `codes`) has a flag in `wanted`. */
  #coded(candidates: Slots, codes: Int32Array, wanted: Uint8Array): Slots {
    const found = new Int32Array(candidates.length);
    let count = 0;
    for (let at = 0; at < candidates.length; at++) {
      const slot = candidates[at] as number;
      if (wanted[codes[slot] as number] === 1) found[count++] = slot;
    }
    return found.subarray(0, count);
  }

  /** The candidates with a value of the list among `wanted` (flags by code), or (`none`) with none; null has none. */
  #overlaps(candidates: Slots, list: ListColumn<Int32Array>, wanted: Uint8Array, none = false): Slots {
    const { start, length, values } = list;
    const found = new Int32Array(candidates.length);
    let count = 0;
    for (let at = 0; at < candidates.length; at++) {
      const slot = candidates[at] as number;
      const from = start[slot] as number;
      const end = from + (length[slot] as number);
      let any = false;
      for (let value = from; value < end && !any; value++) any = wanted[values[value] as number] === 1;
      if (any !== none) found[count++] = slot;
    }
    return found.subarray(0, count);
  }

  /** The candidates with a purchase between two days (inclusive) whose code (in `codes`) has a flag in `wanted`. */
  #boughtWithin(
    candidates: Slots,
    codes: ListColumn<Int32Array>,
    wanted: Uint8Array,
    days: { from: number; to: number },
  ) {
    const { start, length, values } = codes;
    const { start: dayStarts, values: dayOf } = this.facts.purchaseDays;
    const found = new Int32Array(candidates.length);
    let count = 0;
    for (let at = 0; at < candidates.length; at++) {
      const slot = candidates[at] as number;
      // The three purchase lists of a slot are written together, so they are as long (each in its own place).
      const from = start[slot] as number;
      const end = from + (length[slot] as number);
      const dayStart = dayStarts[slot] as number;
      for (let purchase = from; purchase < end; purchase++) {
        const day = dayOf[dayStart + purchase - from] as number;
        if (wanted[values[purchase] as number] === 1 && day >= days.from && day <= days.to) {
          found[count++] = slot;
          break;
        }
      }
    }
    return found.subarray(0, count);
  }

  /** The candidates among the customers of a lookup of ids. */
  #customers(candidates: Slots, ids: readonly number[]): Slots {
    const listed = new Uint8Array(this.facts.size);
    for (const id of ids) {
      const slot = this.facts.slotOf(id);
      if (slot !== undefined) listed[slot] = 1;
    }
    return flagged(candidates, listed, 1);
  }

  #lookup<T>(condition: SegmentCondition): T {
    if (!this.lookups.has(condition)) throw new Error(`No lookup for a ${condition.kind} condition`);
    return this.lookups.get(condition) as T;
  }

  /** A custom field's value flags: `test` of the value ('' for none, as SQL's coalesce). */
  #custom(candidates: Slots, field: number, test: (value: string) => boolean): Slots {
    const codes = this.facts.custom[field - 1] as Int32Array;
    const wanted = (this.facts.customValues[field - 1] as Dictionary<string>).flagsWhere(test);
    const none = test('');
    return this.#where(candidates, (slot) => {
      const code = codes[slot] as number;
      return code === NO_VALUE ? none : wanted[code] === 1;
    });
  }

  /** Completed orders (or their amount in cents) in a period within [min, max]: Compiler.#aggregate, per slot. */
  #aggregate(
    candidates: Slots,
    measure: 'orders' | 'amountCents',
    period: Parameters<typeof periodBounds>[0],
    min: number | undefined,
    max: number | undefined,
  ): Slots {
    const least = min !== undefined && min > 0 ? min : null;
    if (least === null && max === undefined) return candidates;
    const { orders, lastDay, days, runningCents } = this.facts;
    const column = this.facts[measure];
    const { from, to } = periodBounds(period, this.today);
    const inPeriod = from !== undefined || to !== undefined;
    const toDay = to === undefined ? Number.POSITIVE_INFINITY : dayNumber(to);
    const beforeDay = from === undefined ? null : dayNumber(from) - 1;
    const most = max ?? Number.POSITIVE_INFINITY;
    const found = new Int32Array(candidates.length);
    let count = 0;
    // One loop without callbacks (a callback per customer was most of a count's time).
    for (let at = 0; at < candidates.length; at++) {
      const slot = candidates[at] as number;
      let value = column[slot] as number;
      if (inPeriod) {
        // Orders up to `to` (all when the last one is), NaN without orders (SQL's null; their days are null too).
        const all = orders[slot] as number;
        const upTo = Number.isNaN(all) || (lastDay[slot] as number) <= toDay ? all : widthBucket(days, slot, toDay);
        const before = beforeDay === null ? 0 : widthBucket(days, slot, beforeDay);
        value =
          measure === 'orders'
            ? upTo - before
            : runningSum(runningCents, slot, upTo) - (beforeDay === null ? 0 : runningSum(runningCents, slot, before));
      }
      // With a minimum above 0 a customer without totals is out; else they count as 0 (SQL's coalesce).
      const within = least !== null ? value >= least && value <= most : (Number.isNaN(value) ? 0 : value) <= most;
      if (within) found[count++] = slot;
    }
    return found.subarray(0, count);
  }

  /** The candidates whose value in `column` lies between `low` and `high` (NaN: never). */
  #between(candidates: Slots, column: Float64Array | Int32Array | Uint8Array, low: number, high: number): Slots {
    const found = new Int32Array(candidates.length);
    let count = 0;
    for (let at = 0; at < candidates.length; at++) {
      const slot = candidates[at] as number;
      const value = column[slot] as number;
      if (value >= low && value <= high) found[count++] = slot;
    }
    return found.subarray(0, count);
  }

  condition(condition: SegmentCondition, candidates: Slots): Slots {
    const facts = this.facts;
    switch (condition.kind) {
      case 'tags': {
        const wanted = facts.tagNames.flags(condition.tags);
        if (condition.match === 'all') {
          const found = [...new Set(condition.tags)].map((tag) => facts.tagNames.find(tag));
          const codes = found.filter((code) => code !== undefined);
          // A tag no customer has: nobody has them all.
          if (codes.length < found.length) return candidates.subarray(0, 0);
          const { start, length, values } = facts.tags;
          return this.#where(candidates, (slot) => {
            const from = start[slot] as number;
            const end = from + (length[slot] as number);
            return codes.every((code) => {
              for (let at = from; at < end; at++) if (values[at] === code) return true;
              return false;
            });
          });
        }
        return this.#overlaps(candidates, facts.tags, wanted, condition.match === 'none');
      }
      case 'city':
        return this.#coded(candidates, facts.city, facts.cities.flags(this.#lookup<string[]>(condition)));
      case 'country':
        return this.#coded(candidates, facts.country, facts.countries.flags(this.#lookup<string[]>(condition)));
      case 'zip': {
        // Which of the 10,000 four-digit zips are wanted, looked up by each candidate's digits (none: -1, never).
        const wanted = new Uint8Array(10_000);
        const ranges =
          condition.match === 'equals'
            ? condition.values.map((value) => [Number(value), Number(value)] as const)
            : condition.values.map(zipPrefixRange);
        for (const [low, high] of ranges) wanted.fill(1, Math.max(0, low), Math.min(10_000, high + 1));
        return this.#coded(candidates, facts.zip, wanted);
      }
      case 'zipRange':
        return this.#between(candidates, facts.zip, Number(condition.from), Number(condition.to));
      case 'custom': {
        const codes = facts.custom[condition.field - 1] as Int32Array;
        if (condition.match === 'empty') return this.#between(candidates, codes, NO_VALUE, NO_VALUE);
        if (condition.match === 'filled') return this.#between(candidates, codes, 0, 2 ** 31 - 1);
        const wanted = this.#lookup<string>(condition);
        return condition.match === 'equals'
          ? this.#custom(candidates, condition.field, (value) => value === wanted)
          : this.#custom(candidates, condition.field, (value) => value.includes(wanted));
      }
      case 'pref': {
        const column = {
          user_prefs_optin: facts.optin,
          user_prefs_mailinglist: facts.mailinglist,
          user_prefs_extra_optin: facts.extraOptin,
        }[condition.key];
        const on = condition.on ? 1 : 0;
        return this.#between(candidates, column, on, on);
      }
      case 'orderCount':
        return this.#aggregate(candidates, 'orders', condition.period, condition.count.min, condition.count.max);
      case 'orderAmount': {
        const cents = (euros: number | undefined) => (euros === undefined ? undefined : Math.round(euros * 100));
        return this.#aggregate(
          candidates,
          'amountCents',
          condition.period,
          cents(condition.euros.min),
          cents(condition.euros.max),
        );
      }
      case 'production':
      case 'eventType':
      case 'priceType': {
        const ids = this.#lookup<number[]>(condition);
        const { from, to } = periodBounds(condition.period, this.today);
        if (from || to) {
          const prices = condition.kind === 'priceType';
          const wanted = prices ? facts.priceIds.flags(ids) : facts.eventIds.flags(ids);
          return this.#boughtWithin(candidates, prices ? facts.purchasePrices : facts.purchaseEvents, wanted, {
            from: from === undefined ? Number.NEGATIVE_INFINITY : dayNumber(from),
            to: to === undefined ? Number.POSITIVE_INFINITY : dayNumber(to),
          });
        }
        return condition.kind === 'priceType'
          ? this.#overlaps(candidates, facts.prices, facts.priceIds.flags(ids))
          : this.#overlaps(candidates, facts.events, facts.eventIds.flags(ids));
      }
      case 'lastPurchase': {
        // Days are whole numbers: before a day is up to the day before it. No order, no day: NaN, never.
        const day = dayNumber(condition.date);
        return condition.when === 'before'
          ? this.#between(candidates, facts.lastDay, Number.NEGATIVE_INFINITY, day - 1)
          : this.#between(candidates, facts.lastDay, day, Number.POSITIVE_INFINITY);
      }
      case 'waitingList':
        return this.#customers(candidates, this.#lookup<number[]>(condition));
      case 'recordDate': {
        const column = condition.field === 'created' ? facts.firstSeenMs : facts.lastChangedMs;
        const [from, before] = this.#lookup<(number | null)[]>(condition);
        return this.#where(candidates, (slot) => {
          const at = column[slot] as number;
          return (from == null || at >= from) && (before == null || at < before);
        });
      }
    }
  }
}

/** The members of `rule` among the facts: their slots, ascending. */
export function factsMembers(facts: FactsColumns, rule: SegmentRule, today: string, lookups: FactsLookups): Slots {
  const everyone = new Int32Array(facts.size);
  for (let slot = 0; slot < everyone.length; slot++) everyone[slot] = slot;
  return new FactsJudge(facts, today, lookups).node(rule, everyone);
}

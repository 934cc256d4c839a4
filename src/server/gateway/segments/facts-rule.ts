import type { SegmentCondition, SegmentNode, SegmentRule } from '@/contract/segments';
import { type Dictionary, type FactsColumns, type ListColumn, NO_VALUE, NO_ZIP } from './facts-columns';
import { periodBounds, zipPrefixRange } from './segment-sql';

/**
 * A rule judged over the facts in memory (facts-columns.ts): the members as flags by slot. It answers what the
 * compiled statement (segment-sql.ts) answers over gateway.segment_facts, condition by condition — the tests hold
 * both to the same members — with what only the database knows handed in as `lookups` (compileLookups: folded
 * texts, wanted ids, the customers of a purchase in a period or on a waiting list, a period's instants).
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

class FactsJudge {
  constructor(
    private readonly facts: FactsColumns,
    private readonly today: string,
    private readonly lookups: FactsLookups,
  ) {}

  node(node: SegmentNode): Uint8Array {
    if (node.kind !== 'group') return this.condition(node);
    const size = this.facts.size;
    if (node.rules.length === 0) return new Uint8Array(size).fill(1);
    const [first, ...rest] = node.rules.map((rule) => this.node(rule)) as [Uint8Array, ...Uint8Array[]];
    for (const flags of rest) {
      if (node.match === 'any')
        for (let slot = 0; slot < size; slot++) first[slot] = (first[slot] as number) | (flags[slot] as number);
      else for (let slot = 0; slot < size; slot++) first[slot] = (first[slot] as number) & (flags[slot] as number);
    }
    return first;
  }

  /** Flags of the slots for which `test` holds. */
  #where(test: (slot: number) => boolean): Uint8Array {
    const size = this.facts.size;
    const flags = new Uint8Array(size);
    for (let slot = 0; slot < size; slot++) if (test(slot)) flags[slot] = 1;
    return flags;
  }

  /** Slots whose code (in `codes`) has a flag in `wanted`. */
  #coded(codes: Int32Array, wanted: Uint8Array): Uint8Array {
    return this.#where((slot) => wanted[codes[slot] as number] === 1);
  }

  /** Slots with a value of the list among `wanted` (flags by code); a null list has none. */
  #overlaps(list: ListColumn<Int32Array>, wanted: Uint8Array): Uint8Array {
    return this.#where((slot) => {
      const start = list.start[slot] as number;
      const end = start + (list.length[slot] as number);
      for (let at = start; at < end; at++) if (wanted[list.values[at] as number] === 1) return true;
      return false;
    });
  }

  /** The customers of a lookup of ids, as flags by slot. */
  #customers(ids: readonly number[]): Uint8Array {
    const flags = new Uint8Array(this.facts.size);
    for (const id of ids) {
      const slot = this.facts.slotOf(id);
      if (slot !== undefined) flags[slot] = 1;
    }
    return flags;
  }

  #lookup<T>(condition: SegmentCondition): T {
    if (!this.lookups.has(condition)) throw new Error(`No lookup for a ${condition.kind} condition`);
    return this.lookups.get(condition) as T;
  }

  /** A custom field's value flags: `test` of the value ('' for none, as SQL's coalesce). */
  #custom(field: number, test: (value: string) => boolean): Uint8Array {
    const codes = this.facts.custom[field - 1] as Int32Array;
    const wanted = (this.facts.customValues[field - 1] as Dictionary<string>).flagsWhere(test);
    const none = test('');
    return this.#where((slot) => {
      const code = codes[slot] as number;
      return code === NO_VALUE ? none : wanted[code] === 1;
    });
  }

  /** Completed orders (or their amount in cents) in a period within [min, max]: Compiler.#aggregate, per slot. */
  #aggregate(
    measure: 'orders' | 'amountCents',
    period: Parameters<typeof periodBounds>[0],
    min: number | undefined,
    max: number | undefined,
  ): Uint8Array {
    if ((min === undefined || min <= 0) && max === undefined) return new Uint8Array(this.facts.size).fill(1);
    const { orders, lastDay, days, runningCents } = this.facts;
    const { from, to } = periodBounds(period, this.today);
    const toDay = to === undefined ? undefined : dayNumber(to);
    const beforeDay = from === undefined ? undefined : dayNumber(from) - 1;
    // Orders up to `to` (all when the last one is), NaN without orders.
    const upTo = (slot: number): number => {
      const all = orders[slot] as number;
      if (toDay === undefined || Number.isNaN(all)) return all;
      return (lastDay[slot] as number) <= toDay ? all : widthBucket(days, slot, toDay);
    };
    // coalesce(running_cents[count], 0): the sum of the first `count` amounts.
    const running = (slot: number, count: number): number => {
      if (Number.isNaN(count) || count < 1 || count > (runningCents.length[slot] as number)) return 0;
      return runningCents.values[(runningCents.start[slot] as number) + count - 1] as number;
    };
    const value = (slot: number): number => {
      if (from === undefined && to === undefined) return this.facts[measure][slot] as number;
      const before = beforeDay === undefined ? undefined : widthBucket(days, slot, beforeDay);
      if (measure === 'orders') {
        // NaN without orders, as SQL's null (their days are null too).
        return before === undefined ? upTo(slot) : upTo(slot) - before;
      }
      return running(slot, upTo(slot)) - (before === undefined ? 0 : running(slot, before));
    };
    if (min !== undefined && min > 0) {
      return this.#where((slot) => {
        const v = value(slot);
        return v >= min && (max === undefined || v <= max);
      });
    }
    const most = max as number;
    return this.#where((slot) => {
      const v = value(slot);
      return (Number.isNaN(v) ? 0 : v) <= most;
    });
  }

  condition(condition: SegmentCondition): Uint8Array {
    const facts = this.facts;
    switch (condition.kind) {
      case 'tags': {
        const wanted = facts.tagNames.flags(condition.tags);
        if (condition.match === 'all') {
          const found = [...new Set(condition.tags)].map((tag) => facts.tagNames.find(tag));
          const codes = found.filter((code) => code !== undefined);
          // A tag no customer has: nobody has them all.
          if (codes.length < found.length) return new Uint8Array(facts.size);
          const { start, length, values } = facts.tags;
          return this.#where((slot) => {
            const from = start[slot] as number;
            const own = values.subarray(from, from + (length[slot] as number));
            return codes.every((code) => own.includes(code));
          });
        }
        const any = this.#overlaps(facts.tags, wanted);
        if (condition.match === 'none')
          for (let slot = 0; slot < facts.size; slot++) any[slot] = 1 - (any[slot] as number);
        return any;
      }
      case 'city':
        return this.#coded(facts.city, facts.cities.flags(this.#lookup<string[]>(condition)));
      case 'country':
        return this.#coded(facts.country, facts.countries.flags(this.#lookup<string[]>(condition)));
      case 'zip': {
        const zip = facts.zip;
        if (condition.match === 'equals') {
          const values = new Set(condition.values.map(Number));
          return this.#where((slot) => values.has(zip[slot] as number));
        }
        const ranges = condition.values.map(zipPrefixRange);
        return this.#where((slot) => {
          const digits = zip[slot] as number;
          return digits !== NO_ZIP && ranges.some(([low, high]) => digits >= low && digits <= high);
        });
      }
      case 'zipRange': {
        const [low, high] = [Number(condition.from), Number(condition.to)];
        return this.#where((slot) => (facts.zip[slot] as number) >= low && (facts.zip[slot] as number) <= high);
      }
      case 'custom': {
        if (condition.match === 'empty')
          return this.#where((slot) => facts.custom[condition.field - 1]?.[slot] === NO_VALUE);
        if (condition.match === 'filled')
          return this.#where((slot) => facts.custom[condition.field - 1]?.[slot] !== NO_VALUE);
        const wanted = this.#lookup<string>(condition);
        return condition.match === 'equals'
          ? this.#custom(condition.field, (value) => value === wanted)
          : this.#custom(condition.field, (value) => value.includes(wanted));
      }
      case 'pref': {
        const column = {
          user_prefs_optin: facts.optin,
          user_prefs_mailinglist: facts.mailinglist,
          user_prefs_extra_optin: facts.extraOptin,
        }[condition.key];
        const on = condition.on ? 1 : 0;
        return this.#where((slot) => column[slot] === on);
      }
      case 'orderCount':
        return this.#aggregate('orders', condition.period, condition.count.min, condition.count.max);
      case 'orderAmount': {
        const cents = (euros: number | undefined) => (euros === undefined ? undefined : Math.round(euros * 100));
        return this.#aggregate('amountCents', condition.period, cents(condition.euros.min), cents(condition.euros.max));
      }
      case 'production':
      case 'eventType':
      case 'priceType': {
        const ids = this.#lookup<number[]>(condition);
        const { from, to } = periodBounds(condition.period, this.today);
        // In a period the lookup is of the customers who bought then (Compiler.#bought).
        if (from || to) return this.#customers(ids);
        return condition.kind === 'priceType'
          ? this.#overlaps(facts.prices, facts.priceIds.flags(ids))
          : this.#overlaps(facts.events, facts.eventIds.flags(ids));
      }
      case 'lastPurchase': {
        const day = dayNumber(condition.date);
        const lastDay = facts.lastDay;
        return condition.when === 'before'
          ? this.#where((slot) => (lastDay[slot] as number) < day)
          : this.#where((slot) => (lastDay[slot] as number) >= day);
      }
      case 'waitingList':
        return this.#customers(this.#lookup<number[]>(condition));
      case 'recordDate': {
        const column = condition.field === 'created' ? facts.firstSeenMs : facts.lastChangedMs;
        const [from, before] = this.#lookup<(number | null)[]>(condition);
        return this.#where((slot) => {
          const at = column[slot] as number;
          return (from == null || at >= from) && (before == null || at < before);
        });
      }
    }
  }
}

/** The members of `rule` among the facts, as flags by slot. */
export function factsMembers(facts: FactsColumns, rule: SegmentRule, today: string, lookups: FactsLookups): Uint8Array {
  return new FactsJudge(facts, today, lookups).node(rule);
}

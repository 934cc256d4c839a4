import type { KNOWN_PREF_KEYS } from '@/contract/customer-prefs';
import type { SegmentCondition, SegmentNode, SegmentPeriod, SegmentRule } from '@/contract/segments';

/**
 * A segment rule (data, src/contract/segments.ts) compiled to one WHERE clause over `gateway.segment_facts c`
 * (migration 039: per mirrored customer one row of what rules ask about — their fields, order totals and what they
 * bought — kept from the mirror) and its parameters. Everything the rule carries goes in as a parameter; the SQL
 * text is made only of the fixed fragments below, chosen by the rule's kinds. So no text of a person ever becomes
 * SQL, and the same statement runs on PGlite and PostgreSQL.
 *
 * This module reads the mirror's tables itself (not through the mirror's entry): a segment is counted over a
 * million customers and two million orders in one statement in the database, the only way within its budget (as
 * the reports' order analysis does). The indexes it relies on are in migrations 017 and 039.
 *
 * So that a count is one scan of one table, every condition is a predicate on the customer's row — order conditions
 * on its totals (migrations 017 and 031), "bought a production / an event type / a price type" an overlap of the
 * ids it bought with the wanted ones — but for a purchase in a period and a waiting list: those are uncorrelated
 * subqueries of customer ids (`#among`), hashed once per statement and looked up per customer.
 */
export interface CompiledSegment {
  /** The FROM clause: `gateway.segment_facts c`. */
  from: string;
  /** A boolean SQL expression over `c`; `$1` is the organisation. */
  where: string;
  params: unknown[];
  /** Whether the rule has a subquery of customer ids, hashed once per statement (and per parallel worker). */
  hashes: boolean;
  /**
   * Compiled with `shared`: the subqueries of customer ids as WITH entries (`segment_among_N as materialized (…)`,
   * to put before the statement), which `where` reads from, so that a statement using `where` twice runs each
   * subquery once. Empty otherwise.
   */
  withs: string[];
}

/** The custom fields' columns (null when empty), by number: the only ones a rule can reach. */
const CUSTOM_FIELD_COLUMNS: Record<number, string> = {
  1: 'c.custom1',
  2: 'c.custom2',
  3: 'c.custom3',
  4: 'c.custom4',
  5: 'c.custom5',
  6: 'c.custom6',
  7: 'c.custom7',
};

/** The opt-in columns, by preference key. */
const PREF_COLUMNS: Record<(typeof KNOWN_PREF_KEYS)[number], string> = {
  user_prefs_optin: 'c.optin',
  user_prefs_mailinglist: 'c.mailinglist',
  user_prefs_extra_optin: 'c.extra_optin',
};

/** `YYYY-MM-DD` of `today` less `days` (UTC calendar arithmetic on a calendar day). */
export function daysBefore(today: string, days: number): string {
  const at = new Date(`${today}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - days);
  return at.toISOString().slice(0, 10);
}

/**
 * The start of the day `date` (a SQL date) for a record date: a change as the service wrote it (the facts keep its
 * written wall-clock time as UTC, migration 049), so midnight UTC is the venue's midnight there; Foyer's own first
 * sight of a customer as the database's day.
 */
const dayStart = (field: 'created' | 'changed', date: string) =>
  field === 'changed' ? `((${date})::timestamp at time zone 'UTC')` : `(${date})::timestamptz`;

/** The inclusive day bounds of a period (`today` resolves "the last N days"). */
export function periodBounds(period: SegmentPeriod | undefined, today: string): { from?: string; to?: string } {
  if (!period) return {};
  if (period.lastDays !== undefined) return { from: daysBefore(today, period.lastDays), to: today };
  return { ...(period.from ? { from: period.from } : {}), ...(period.to ? { to: period.to } : {}) };
}

/** The zip digit range of a prefix: "35" → 3500..3599. */
export function zipPrefixRange(prefix: string): [number, number] {
  const pad = 4 - prefix.length;
  const low = Number(prefix) * 10 ** pad;
  return [low, low + 10 ** pad - 1];
}

type BoughtCondition = Extract<SegmentCondition, { kind: 'production' | 'eventType' | 'priceType' }>;

/** A "bought …" condition's parts: the facts' column of ids, the wanted ids (a subquery), the purchases' filter. */
interface BoughtParts {
  bought: 'c.bought_events' | 'c.bought_prices';
  ids: string;
  purchaseWhere: string;
  period: SegmentPeriod | undefined;
}

/** The customer ids of the organisation's purchases (migration 017) of which `where` and `within` hold. */
const purchasers = (where: string, within: string) =>
  `select p.customer_id from gateway.segment_customer_purchases p where p.organisation_id = $1 and ${where} and ${within}`;

class Compiler {
  readonly params: unknown[];
  /** Whether a condition is a subquery of customer ids (`#among`). */
  hashes = false;
  /** The subqueries of customer ids as WITH entries, when compiled `shared`. */
  readonly withs: string[] = [];

  constructor(
    organisationId: number,
    private readonly today: string,
    private readonly shared: boolean,
  ) {
    this.params = [organisationId];
  }

  /** Adds a parameter, and returns its placeholder (with a cast when given). */
  #p(value: unknown, cast = ''): string {
    this.params.push(value);
    return `$${this.params.length}${cast}`;
  }

  node(node: SegmentNode): string {
    if (node.kind !== 'group') return this.condition(node);
    const parts = node.rules.map((rule) => this.#part(rule));
    if (parts.length === 0) return 'true';
    if (node.match === 'any') return `(${parts.map((part) => part.sql).join(' or ')})`;
    const plain = parts.filter((part) => !part.hashes).map((part) => part.sql);
    const hashed = parts.filter((part) => part.hashes).map((part) => part.sql);
    if (plain.length === 0 || hashed.length === 0) return `(${[...plain, ...hashed].join(' and ')})`;
    // The subqueries last, behind the other conditions: PostgreSQL orders a scan's conditions by their cost per
    // row, in which a hashed subquery is cheap, yet building its hash (a year's purchases of an event type: 113,000
    // rows) is the dearest step of a statement. Asked only of a customer who meets the rest, it is never built where
    // no one does. The rest stay conditions of their own too, for the indexes.
    const rest = plain.join(' and ');
    return `(${rest} and case when ${rest} then ${hashed.join(' and ')} else false end)`;
  }

  /** A node compiled, and whether it has a subquery of customer ids. */
  #part(node: SegmentNode): { sql: string; hashes: boolean } {
    const before = this.hashes;
    this.hashes = false;
    const sql = this.node(node);
    const hashes = this.hashes;
    this.hashes = before || hashes;
    return { sql, hashes };
  }

  /** `o.order_day` within the period (true for all time). */
  #period(period: SegmentPeriod | undefined, column = 'o.order_day'): string {
    const { from, to } = periodBounds(period, this.today);
    const parts = [
      ...(from ? [`${column} >= ${this.#p(from, '::date')}`] : []),
      ...(to ? [`${column} <= ${this.#p(to, '::date')}`] : []),
    ];
    return parts.length ? parts.join(' and ') : 'true';
  }

  /**
   * Buyers whose completed orders in the period have a count or amount within [min, max], read from the totals of
   * their facts (migration 031: the days of their orders and the running sum of the amounts). A customer without an
   * order has null totals: a count and an amount of 0, so a minimum of 0 (or none) takes them in.
   */
  #aggregate(
    measure: 'orders' | 'amount_cents',
    period: SegmentPeriod,
    min: number | undefined,
    max: number | undefined,
  ): string {
    const { from, to } = periodBounds(period, this.today);
    // How many of the customer's order days are on or before the day: all when their last one is (most customers
    // for a period up to today or the end of this year, without a search), else a binary search of `c.days`.
    const upTo = (day: string | undefined) => {
      if (!day) return 'c.orders';
      const placeholder = this.#p(day, '::date');
      return `case when c.last_day <= ${placeholder} then c.orders else width_bucket(${placeholder}, c.days) end`;
    };
    const before = (day: string | undefined) =>
      day ? `width_bucket(${this.#p(day, '::date')} - 1, c.days)` : undefined;
    let value: string;
    if (!from && !to) value = `c.${measure}`;
    else if (measure === 'orders') value = `(${upTo(to)}${from ? ` - ${before(from)}` : ''})`;
    else {
      const running = (count: string) => `coalesce(c.running_cents[${count}], 0)`;
      value = `(${running(upTo(to))}${from ? ` - ${running(before(from) as string)}` : ''})`;
    }
    // With a minimum above 0 a customer without totals is out: null, which under AND and OR is as good as false.
    if (min !== undefined && min > 0) {
      return `(${value} >= ${this.#p(min)}${max !== undefined ? ` and ${value} <= ${this.#p(max)}` : ''})`;
    }
    if (max === undefined) return 'true';
    return `coalesce(${value}, 0) <= ${this.#p(max)}`;
  }

  /**
   * Buyers of a seat (not removed, of a completed order) of one of the wanted events or price types. Of all time: the
   * ids in their facts (`bought`: `c.bought_events` or `c.bought_prices`) overlap the wanted ones (`ids`: a subquery
   * of them, run once per statement). In a period: the purchases' rows (migration 017) of which `purchaseWhere` holds.
   */
  #bought({ bought, ids, purchaseWhere, period }: BoughtParts): string {
    const within = this.#period(period, 'p.order_day');
    if (within === 'true') return `${bought} && array${ids}`;
    return this.#among(purchasers(purchaseWhere, within));
  }

  /** What a production, event type or price type condition compares: see #bought. */
  #boughtParts(condition: BoughtCondition): BoughtParts {
    const { period } = condition;
    switch (condition.kind) {
      case 'production': {
        const events = this.#eventsWhere('e.production_id', this.#p(condition.productionIds, '::bigint[]'));
        return { bought: 'c.bought_events', ids: events, purchaseWhere: `p.event_id in ${events}`, period };
      }
      case 'eventType': {
        const types = this.#p(
          condition.eventTypes.map((type) => type.toLowerCase()),
          '::text[]',
        );
        const events = this.#eventsWhere('lower(e.event_type)', types);
        return { bought: 'c.bought_events', ids: events, purchaseWhere: `p.event_id in ${events}`, period };
      }
      case 'priceType': {
        const names = this.#p(
          condition.priceNames.map((name) => name.toLowerCase()),
          '::text[]',
        );
        const ids = `(select t.id from gateway.segment_price_types t where t.organisation_id = $1 and t.name = any(${names}))`;
        return { bought: 'c.bought_prices', ids, purchaseWhere: `p.price_name = any(${names})`, period };
      }
    }
  }

  /**
   * The customer is among the ids `subquery` selects: written so that PostgreSQL keeps it a hashed subplan (an
   * IN-subquery of its own under AND becomes a semi-join, and EXPLAIN showed the planner, misjudging how many of
   * a million customers an overlap of ids leaves, probing the waiting list's index 330,000 times instead of hashing
   * its 50,000 rows once). `is true`: as under AND and OR, an unknown is out.
   */
  #among(subquery: string): string {
    this.hashes = true;
    if (!this.shared) return `(c.customer_id in (${subquery})) is true`;
    const name = `segment_among_${this.withs.length + 1}`;
    this.withs.push(`${name} as materialized (${subquery})`);
    return `(c.customer_id in (select customer_id from ${name})) is true`;
  }

  #eventsWhere(column: string, value: string): string {
    return `(select e.event_id from gateway.segment_events e where e.organisation_id = $1 and ${column} = any(${value}))`;
  }

  /**
   * What counting the condition over the facts in memory (facts-rule.ts) needs from the database, as one SQL
   * expression of the lookup statement (compileLookups), or null when it needs nothing: the values as the facts
   * hold them (folded cities, countries, custom values), the wanted event or price type ids, the customer ids of a
   * waiting list, a period's instants. Ids come as float8 (exact below 2^53): both
   * drivers hand those over as numbers.
   */
  lookup(condition: SegmentCondition): string | null {
    const floats = (subquery: string) => `array(select v::float8 from (${subquery}) s(v))`;
    switch (condition.kind) {
      case 'city':
        return `gateway.segment_fold_all(${this.#p(condition.cities, '::text[]')})`;
      case 'country':
        return `gateway.segment_country_all(${this.#p(condition.countries, '::text[]')})`;
      case 'custom':
        return condition.match === 'equals' || condition.match === 'contains'
          ? `gateway.segment_custom_value(${this.#p(condition.value ?? '')})`
          : null;
      case 'production':
      case 'eventType':
      case 'priceType':
        // The wanted ids; in a period too: the copy holds each customer's purchases with their days.
        return floats(this.#boughtParts(condition).ids.slice(1, -1));
      case 'waitingList':
        return floats(this.#waiting(condition));
      case 'recordDate': {
        // As the count compares them: from the start of `from`, before the start of the day after `to`.
        const { from, to } = periodBounds(condition.period, this.today);
        const instant = (day: string | undefined, plus: number) =>
          day
            ? `extract(epoch from ${dayStart(condition.field, `${this.#p(day, '::date')} + ${plus}`)}) * 1000`
            : 'null';
        return `array[${instant(from, 0)}, ${instant(to, 1)}]::float8[]`;
      }
      default:
        return null;
    }
  }

  /** The customer ids of a waiting-list condition's entries. */
  #waiting(condition: Extract<SegmentCondition, { kind: 'waitingList' }>): string {
    const which: string[] = [];
    if (condition.eventIds?.length) which.push(`w.event_id = any(${this.#p(condition.eventIds, '::bigint[]')})`);
    if (condition.productionIds?.length) {
      which.push(
        `w.event_id in ${this.#eventsWhere('e.production_id', this.#p(condition.productionIds, '::bigint[]'))}`,
      );
    }
    const entries = [
      'w.organisation_id = $1',
      ...(which.length ? [`(${which.join(' or ')})`] : []),
      ...(condition.stillWaiting ? ["w.type = 'waiting'"] : []),
    ];
    return `select w.customer_id from gateway.mirror_waiting_list w where ${entries.join(' and ')}`;
  }

  condition(condition: SegmentCondition): string {
    switch (condition.kind) {
      case 'tags': {
        const tags = this.#p(condition.tags, '::text[]');
        if (condition.match === 'any') return `c.tags && ${tags}`;
        if (condition.match === 'all') return `c.tags @> ${tags}`;
        return `not (c.tags && ${tags})`;
      }
      case 'city':
        return `c.city = any(gateway.segment_fold_all(${this.#p(condition.cities, '::text[]')}))`;
      case 'zip': {
        if (condition.match === 'equals') {
          return `c.zip_digits = any(${this.#p(condition.values.map(Number), '::int[]')})`;
        }
        const ranges = condition.values.map(zipPrefixRange);
        return `(${ranges.map(([low, high]) => `c.zip_digits between ${this.#p(low)}::int and ${this.#p(high)}::int`).join(' or ')})`;
      }
      case 'zipRange':
        return `c.zip_digits between ${this.#p(Number(condition.from))}::int and ${this.#p(Number(condition.to))}::int`;
      case 'country':
        return `c.country = any(gateway.segment_country_all(${this.#p(condition.countries, '::text[]')}))`;
      case 'custom': {
        const column = CUSTOM_FIELD_COLUMNS[condition.field];
        if (condition.match === 'empty') return `${column} is null`;
        if (condition.match === 'filled') return `${column} is not null`;
        const value = `coalesce(${column}, '')`;
        const wanted = `gateway.segment_custom_value(${this.#p(condition.value ?? '')})`;
        return condition.match === 'equals' ? `${value} = ${wanted}` : `strpos(${value}, ${wanted}) > 0`;
      }
      case 'pref': {
        // Read loosely when kept (spec 2.7; migration 017's segment_loose_flag, as contract/customer-prefs.ts).
        const column = PREF_COLUMNS[condition.key];
        return condition.on ? column : `not ${column}`;
      }
      case 'orderCount':
        return this.#aggregate('orders', condition.period, condition.count.min, condition.count.max);
      case 'orderAmount': {
        const cents = (euros: number | undefined) => (euros === undefined ? undefined : Math.round(euros * 100));
        return this.#aggregate(
          'amount_cents',
          condition.period,
          cents(condition.euros.min),
          cents(condition.euros.max),
        );
      }
      case 'production':
      case 'eventType':
      case 'priceType':
        return this.#bought(this.#boughtParts(condition));
      case 'lastPurchase': {
        const compare = condition.when === 'before' ? '<' : '>=';
        // No order, no last day: null, which under AND and OR is as good as false (as in #aggregate).
        return `c.last_day ${compare} ${this.#p(condition.date, '::date')}`;
      }
      case 'waitingList':
        return this.#among(this.#waiting(condition));
      case 'recordDate': {
        const column = condition.field === 'created' ? 'c.first_seen_at' : 'c.last_changed';
        const { from, to } = periodBounds(condition.period, this.today);
        const parts = [
          ...(from ? [`${column} >= ${dayStart(condition.field, this.#p(from, '::date'))}`] : []),
          ...(to ? [`${column} < ${dayStart(condition.field, `${this.#p(to, '::date')} + 1`)}`] : []),
        ];
        return parts.length ? `(${parts.join(' and ')})` : 'true';
      }
    }
  }
}

/**
 * The rule as a WHERE clause over `gateway.segment_facts c` of the organisation (`$1`); `shared`: with its
 * subqueries as WITH entries (see CompiledSegment.withs), for a statement that uses the clause more than once.
 */
export function compileSegment(
  organisationId: number,
  rule: SegmentRule,
  today: string,
  { shared = false } = {},
): CompiledSegment {
  const compiler = new Compiler(organisationId, today, shared);
  const condition = compiler.node(rule);
  return {
    from: 'gateway.segment_facts c',
    where: `c.organisation_id = $1 and ${condition}`,
    params: compiler.params,
    hashes: compiler.hashes,
    withs: compiler.withs,
  };
}

/** The lookup statement of a rule (see Compiler.lookup): one row, column `l<n>` for `conditions[n]`. */
export interface CompiledLookups {
  sql: string | null;
  params: unknown[];
  conditions: SegmentCondition[];
}

/** What counting `rule` in memory needs from the database, as one statement (null: nothing). */
export function compileLookups(organisationId: number, rule: SegmentRule, today: string): CompiledLookups {
  const compiler = new Compiler(organisationId, today, false);
  const conditions: SegmentCondition[] = [];
  const columns: string[] = [];
  const visit = (node: SegmentNode) => {
    if (node.kind === 'group') {
      for (const child of node.rules) visit(child);
      return;
    }
    const expression = compiler.lookup(node);
    if (expression === null) return;
    columns.push(`${expression} as l${conditions.length}`);
    conditions.push(node);
  };
  visit(rule);
  // `$1` (the organisation) is read whether or not a lookup uses it: PostgreSQL must know every parameter's type.
  const sql = columns.length ? `select $1::bigint as organisation_id, ${columns.join(', ')}` : null;
  return { sql, params: compiler.params, conditions };
}

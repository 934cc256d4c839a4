import { DAY_MS, iso } from './calendar';
import type { SeedContext } from './context';
import type { HallModel } from './halls';
import type { Prng } from './prng';
import type { DiscountType, EventRow, EventType, TicketTypeRow } from './tables';

/** How a per-event-limited ticket type ends up: its limit reached by the seeded orders, or with room left. */
export type LimitPlan = 'reach' | 'room';

export interface EventModel {
  event: EventRow;
  hall: HallModel;
  /** Performances take seats (or GA places); foyer items are passes, vouchers, packages and products. */
  kind: 'performance' | 'foyer';
  startMs: number;
  /** rank id → base price in cents. */
  prices: Map<number, number>;
  /** rank id → the rank's ticket types, full price first. */
  ticketTypes: Map<number, TicketTypeRow[]>;
  /** Relative demand: how much of the event the seeded orders sell (≥ 1 sells out). */
  popularity: number;
  limitPlans: Map<number, LimitPlan>;
}

export interface ProductionPlan {
  title: string;
  artist: string | null;
  genre: string;
  hall: HallModel;
  eventType: EventType | null;
  performances: number;
  /** Base price per rank of the hall, best rank first. */
  prices: number[];
  /** Days after the seeding day of the first performance. */
  firstDay: number;
  /** Days between performances. */
  spacing: number;
  time: string;
  durationMinutes: number;
  /** Foyer items run for a period rather than an evening. */
  periodDays?: number;
  status?: EventRow['status'];
}

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const GENRE_LABEL: Record<string, string> = {
  toneel: 'Toneel',
  opera: 'Opera',
  dans: 'Dans',
  klassiek: 'Klassieke muziek',
  cabaret: 'Cabaret',
  musical: 'Musical',
  familie: 'Familievoorstelling (6+)',
  concert: 'Concert',
  festival: 'Festival',
  jazz: 'Jazz',
  literatuur: 'Literatuur',
  lezing: 'Lezing',
  dance: 'Dance',
  pass: 'Passe-partout',
  bon: 'Cadeaubon',
  arrangement: 'Arrangement',
  horeca: 'Horeca',
  merchandise: 'Merchandise',
};

/** Half of a price, rounded to 50 cents: the fixed price of '=' discounts. */
function roundedShare(base: number, share: number): number {
  return Math.max(0, Math.round((base * share) / 50) * 50);
}

interface DiscountSpec {
  name: string;
  type: DiscountType;
  value: (base: number) => number;
  maxPerOrder?: number;
  requiredTag?: string;
  window?: [number, number];
  limit?: LimitPlan;
}

/**
 * The discounts of a performance, per rank. Every performance has each kind of discount (so any upcoming
 * one serves a test of any rule); the tag-dependent extras and the early-booking window rotate by index.
 */
function performanceDiscounts(
  index: number,
  startMs: number,
  ctx: SeedContext,
  rank: { first: boolean; last: boolean },
): DiscountSpec[] {
  const { calendar } = ctx;
  const specs: DiscountSpec[] = [
    { name: 'Jongeren t/m 26', type: '€', value: () => 500 },
    { name: '65+', type: '%', value: () => 1000 },
    { name: 'Stadspas', type: '=', value: (base) => roundedShare(base, 0.5) },
    { name: 'CJP', type: '€', value: () => 750, requiredTag: 'CJP' },
  ];
  if (index % 2 === 1) specs.push({ name: 'Vriendenprijs', type: '%', value: () => 2000, requiredTag: 'Vriend' });
  if (index % 3 === 0) specs.push({ name: 'Studentenprijs', type: '=', value: () => 1250, requiredTag: 'Student' });
  // Early booking: open now for most performances, closed already for every third.
  specs.push({
    name: 'Vroegboekkorting',
    type: '%',
    value: () => 1500,
    window:
      index % 3 === 1
        ? [calendar.plusDays(-240), calendar.plusDays(-20)]
        : [calendar.plusDays(-150), calendar.plusDays(21)],
  });
  // Opens two days before the performance: closed now for most upcoming ones.
  specs.push({ name: 'Last minute', type: '€', value: () => 1000, window: [startMs - 2 * DAY_MS, startMs] });
  specs.push({ name: 'Duoticket', type: '€', value: () => 250, maxPerOrder: 2 });
  if (rank.last) {
    specs.push({ name: 'Actieticket', type: '=', value: (base) => roundedShare(base, 0.6), limit: 'reach' });
  }
  if (rank.first) {
    specs.push({ name: 'Groepsvoordeel', type: '%', value: () => 1250, limit: 'room' });
  }
  return specs;
}

/** Writes productions, events, prices and ticket types of one client. */
export function buildCatalog(ctx: SeedContext, clientId: number, site: string, plans: ProductionPlan[]): EventModel[] {
  const { rng, ids, tables, calendar } = ctx;
  const models: EventModel[] = [];
  let performanceIndex = 0;
  for (const plan of plans) {
    const productionId = ids.take('productions');
    const genre = GENRE_LABEL[plan.genre] ?? plan.genre;
    const about = plan.artist ? `${plan.artist} brengt ${plan.title}.` : `${plan.title}: een eigen productie.`;
    tables.productions.push({
      id: productionId,
      client_id: clientId,
      title: plan.title,
      artist: plan.artist,
      text: `${about} ${genre} in ${plan.hall.hall.name}.`,
      short_text: genre,
      image: rng.chance(0.8) ? `https://${site}/img/${slug(plan.title)}.jpg` : null,
      tags: [plan.genre],
    });
    for (let p = 0; p < plan.performances; p += 1) {
      const day = Math.min(180, plan.firstDay + p * plan.spacing);
      const start = calendar.localAt(day, plan.time);
      const startMs = start.getTime();
      const endMs = startMs + (plan.periodDays ?? 0) * DAY_MS + plan.durationMinutes * 60_000;
      const eventId = ids.take('events');
      const isPerformance = plan.eventType === 'event' || plan.eventType === null;
      // Some older performances carry no type at all (legacy records).
      const eventType =
        plan.eventType === 'event' && isPerformance && performanceIndex % 17 === 5 ? null : plan.eventType;
      const premiere = plan.performances >= 3 && p === 0 && plan.eventType === 'event';
      const status = plan.status ?? eventStatus(rng, day);
      const event: EventRow = {
        id: eventId,
        client_id: clientId,
        production_id: productionId,
        hall_id: plan.hall.hall.id,
        name: premiere ? `${plan.title} – Première` : plan.title,
        text: about,
        short_text: plan.artist ?? genre,
        url: `https://${site}/agenda/${slug(plan.title)}-${eventId}`,
        image: rng.chance(0.7) ? `https://${site}/img/${slug(plan.title)}.jpg` : null,
        event_type: eventType,
        tags: premiere ? [plan.genre, 'première'] : [plan.genre],
        starts_at: iso(startMs),
        ends_at: iso(endMs),
        view_end_at: isPerformance && rng.chance(0.2) ? iso(endMs + 3_600_000) : null,
        status,
        max_per_order: plan.genre === 'familie' ? 12 : plan.hall.seatCount > 10_000 ? 8 : 10,
      };
      tables.events.push(event);
      const prices = new Map<number, number>();
      const ticketTypes = new Map<number, TicketTypeRow[]>();
      const limitPlans = new Map<number, LimitPlan>();
      for (const [rankIndex, rank] of plan.hall.ranks.entries()) {
        const base = plan.prices[rankIndex] ?? plan.prices[plan.prices.length - 1] ?? 0;
        prices.set(rank.id, base);
        tables.event_prices.push({ event_id: eventId, rank_id: rank.id, amount_cents: base });
        const specs: DiscountSpec[] = [{ name: 'Normaal', type: '€', value: () => 0 }];
        if (isPerformance) {
          specs.push(
            ...performanceDiscounts(performanceIndex, startMs, ctx, {
              first: rankIndex === 0,
              last: rankIndex === plan.hall.ranks.length - 1,
            }),
          );
        } else if (plan.eventType === 'passepartout') {
          specs.push({ name: 'Jongeren t/m 26', type: '€', value: () => 2500 });
          specs.push({ name: 'Abonnee', type: '%', value: () => 1000, requiredTag: 'Abonnee' });
        }
        const rows = specs.map(
          (spec, position): TicketTypeRow => ({
            id: ids.take('ticket_types'),
            event_id: eventId,
            rank_id: rank.id,
            name: spec.name,
            discount_type: spec.type,
            discount_value: spec.value(base),
            max_per_order: spec.maxPerOrder ?? null,
            // Set once the orders are made (see applyLimitPlans).
            max_per_event: spec.limit ? 0 : null,
            valid_from: spec.window ? iso(spec.window[0]) : null,
            valid_until: spec.window ? iso(spec.window[1]) : null,
            required_tag: spec.requiredTag ?? null,
            position,
          }),
        );
        for (const [i, spec] of specs.entries()) {
          const row = rows[i];
          if (spec.limit && row) limitPlans.set(row.id, spec.limit);
        }
        tables.ticket_types.push(...rows);
        ticketTypes.set(rank.id, rows);
      }
      const daysAhead = (startMs - calendar.anchorMs) / DAY_MS;
      // Demand: some hits sell out; far-off events have sold less so far.
      const demand = rng.chance(0.15) ? 2.5 : 0.15 + rng.next() * 0.85;
      const salesSoFar = daysAhead <= 0 ? 1 : Math.max(0.15, 1 - daysAhead / 240);
      models.push({
        event,
        hall: plan.hall,
        kind: isPerformance ? 'performance' : 'foyer',
        startMs,
        prices,
        ticketTypes,
        popularity: status === 'draft' ? 0 : demand * salesSoFar,
        limitPlans,
      });
      if (isPerformance) performanceIndex += 1;
    }
  }
  // Even the smallest data set has an unpublished event: the last upcoming performance, unsold.
  if (!models.some((m) => m.event.status === 'draft')) {
    const last = models.filter((m) => m.kind === 'performance').at(-1);
    if (last && last.startMs > calendar.anchorMs) {
      last.event.status = 'draft';
      last.popularity = 0;
    }
  }
  return models;
}

function eventStatus(rng: Prng, day: number): EventRow['status'] {
  if (day > 14 && rng.chance(0.08)) return 'draft';
  if (day < -30 && rng.chance(0.1)) return 'arch';
  return 'pub';
}

/**
 * Per-event limits of 'reach' ticket types become exactly what the seeded orders used (so the type is
 * sold out); 'room' ones get a round limit well above it.
 */
export function applyLimitPlans(events: EventModel[], usage: Map<number, number>): void {
  for (const model of events) {
    for (const rows of model.ticketTypes.values()) {
      for (const row of rows) {
        const plan = model.limitPlans.get(row.id);
        if (!plan) continue;
        const used = usage.get(row.id) ?? 0;
        row.max_per_event = plan === 'reach' && used > 0 ? used : Math.ceil((used + 20) / 25) * 25;
      }
    }
  }
}

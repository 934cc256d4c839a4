import type { ProductionPlan } from './catalog';
import type { SeedContext } from './context';
import type { HallModel } from './halls';
import { DEMO_PRODUCTIONS, HARBOUR_PRODUCTIONS } from './names';

type Production = readonly [title: string, artist: string | null, genre: string];

/** Base prices per rank in cents, best rank first. */
const PRICES: Record<string, number[]> = {
  toneel: [3900, 3200, 2500, 1800],
  opera: [7900, 6200, 4500, 2900],
  dans: [5200, 4300, 3400, 2400],
  klassiek: [4500, 3700, 2900, 2000],
  cabaret: [3450, 2950, 2450, 1950],
  musical: [7950, 6450, 4950, 3450],
  familie: [2250, 1950, 1650, 1350],
  literatuur: [1950, 1750, 1500, 1250],
  lezing: [1750, 1500, 1250, 1000],
  concert: [8950, 6950, 5450, 3950],
  festival: [4250],
  jazz: [2450],
  dance: [3250],
};

/** Test scale keeps a spread of genres and all three hall kinds (indices into DEMO_PRODUCTIONS). */
const TEST_SUBSET = [1, 3, 5, 7, 12, 15, 18, 20, 21, 22, 30, 37];

interface Assigned {
  production: Production;
  hall: HallModel;
}

/**
 * Dates per hall: the hall's productions are spread evenly over −120 … +180 days, so every hall has past
 * and upcoming events; a hall's only production plays soon.
 */
function spreadOverWindow(assigned: Assigned[], ctx: SeedContext, performances: (hall: HallModel) => number) {
  const byHall = new Map<number, Assigned[]>();
  for (const item of assigned) {
    const list = byHall.get(item.hall.hall.id) ?? [];
    list.push(item);
    byHall.set(item.hall.hall.id, list);
  }
  const plans: ProductionPlan[] = [];
  for (const item of assigned) {
    const siblings = byHall.get(item.hall.hall.id) ?? [item];
    const index = siblings.indexOf(item);
    const count = performances(item.hall);
    const firstDay =
      siblings.length === 1 ? 20 : Math.round(-120 + ((index + 0.5) * 300) / siblings.length) - ctx.rng.int(0, 3);
    const [title, artist, genre] = item.production;
    const reserved = item.hall.hall.seating === 'reserved';
    plans.push({
      title,
      artist,
      genre,
      hall: item.hall,
      eventType: 'event',
      performances: count,
      // Standing places of a concert cost what a mid-tribune seat costs.
      prices: reserved ? (PRICES[genre] ?? [2500]) : [(PRICES[genre] ?? [2500]).at(-2) ?? 2500],
      firstDay,
      spacing: reserved && item.hall.seatCount < 5000 ? ctx.rng.int(1, 3) : ctx.rng.int(2, 9),
      time: genre === 'familie' ? '14:30:00' : genre === 'dance' ? '22:00:00' : reserved ? '20:15:00' : '20:30:00',
      durationMinutes: genre === 'dance' ? 300 : genre === 'opera' ? 195 : 135,
    });
  }
  return plans;
}

export function demoPlans(
  ctx: SeedContext,
  halls: { theatre: HallModel; arena: HallModel; club: HallModel; foyer: HallModel },
): ProductionPlan[] {
  const test = ctx.scale === 'test';
  const chosen = test ? TEST_SUBSET.map((i) => DEMO_PRODUCTIONS[i] as Production) : [...DEMO_PRODUCTIONS];
  let concerts = 0;
  const assigned: Assigned[] = [];
  for (const production of DEMO_PRODUCTIONS) {
    const genre = production[2];
    let hall = halls.theatre;
    if (genre === 'concert') hall = concerts++ % 2 === 0 ? halls.arena : halls.club;
    else if (genre === 'festival' || genre === 'dance' || genre === 'jazz') hall = halls.club;
    if (chosen.includes(production)) assigned.push({ production, hall });
  }
  const plans = spreadOverWindow(assigned, ctx, (hall) => {
    if (hall === halls.theatre) return test ? ctx.rng.int(2, 3) : ctx.rng.int(3, 8);
    return test ? 2 : ctx.rng.int(1, 3);
  });
  const foyer = (plan: Omit<ProductionPlan, 'hall' | 'durationMinutes' | 'spacing'> & { spacing?: number }) =>
    plans.push({ hall: halls.foyer, durationMinutes: 0, spacing: 1, ...plan });
  foyer({
    title: 'Theaterpas Seizoen',
    artist: null,
    genre: 'pass',
    eventType: 'passepartout',
    performances: 1,
    prices: [12_500],
    firstDay: -90,
    time: '00:00:00',
    periodDays: 270,
  });
  foyer({
    title: 'Cadeaubon',
    artist: null,
    genre: 'bon',
    eventType: 'voucher',
    performances: 1,
    prices: [2500],
    firstDay: -120,
    time: '00:00:00',
    periodDays: 365,
  });
  foyer({
    title: 'Diner & Theater Arrangement',
    artist: null,
    genre: 'arrangement',
    eventType: 'combi',
    performances: test ? 2 : 5,
    prices: [6950],
    firstDay: -30,
    spacing: 30,
    time: '18:00:00',
  });
  foyer({
    title: 'Borrelplank in de Foyer',
    artist: null,
    genre: 'horeca',
    eventType: 'horeca',
    performances: test ? 2 : 6,
    prices: [1450],
    firstDay: -45,
    spacing: 21,
    time: '19:00:00',
  });
  foyer({
    title: 'Programmaboek',
    artist: null,
    genre: 'merchandise',
    eventType: 'product',
    performances: 1,
    prices: [1500],
    firstDay: -100,
    time: '00:00:00',
    periodDays: 365,
  });
  if (!test) {
    foyer({
      title: 'Cabaretpas',
      artist: null,
      genre: 'pass',
      eventType: 'passepartout',
      performances: 1,
      prices: [9500],
      firstDay: -30,
      time: '00:00:00',
      periodDays: 240,
    });
    foyer({
      title: 'Cadeaubon Groot',
      artist: null,
      genre: 'bon',
      eventType: 'voucher',
      performances: 1,
      prices: [5000],
      firstDay: -120,
      time: '00:00:00',
      periodDays: 365,
    });
    foyer({
      title: 'Tour-shirt Kensington',
      artist: 'Kensington',
      genre: 'merchandise',
      eventType: 'product',
      performances: 1,
      prices: [3500],
      firstDay: -60,
      time: '00:00:00',
      periodDays: 200,
    });
  }
  return plans;
}

export function harbourPlans(ctx: SeedContext, halls: { hall: HallModel; loods: HallModel }): ProductionPlan[] {
  const test = ctx.scale === 'test';
  const chosen = test ? HARBOUR_PRODUCTIONS.slice(0, 4) : [...HARBOUR_PRODUCTIONS];
  const assigned = chosen.map((production) => ({
    production,
    hall: ['concert', 'dance', 'jazz'].includes(production[2]) ? halls.loods : halls.hall,
  }));
  const plans = spreadOverWindow(assigned, ctx, () => (test ? 2 : ctx.rng.int(2, 5)));
  for (const plan of plans) if (plan.hall === halls.hall) plan.prices = plan.prices.slice(0, 2);
  plans.push({
    title: 'Havenbon',
    artist: null,
    genre: 'bon',
    hall: halls.loods,
    eventType: 'voucher',
    performances: 1,
    prices: [2000],
    firstDay: -90,
    spacing: 1,
    time: '00:00:00',
    durationMinutes: 0,
    periodDays: 365,
  });
  return plans;
}

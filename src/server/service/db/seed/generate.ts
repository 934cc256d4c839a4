import { buildBlocks } from './blocks';
import { Calendar } from './calendar';
import { applyLimitPlans, buildCatalog } from './catalog';
import type { SeedContext, SeedScale } from './context';
import { buildCustomers } from './customers';
import { buildHall, demoHallSpecs, harbourHallSpecs } from './halls';
import { DEMO_TAGS, HARBOUR_TAGS } from './names';
import { buildOrders } from './orders';
import { buildPaymentMethods } from './payment-methods';
import { demoPlans, harbourPlans } from './plans';
import { Prng } from './prng';
import { emptyTables, IdAllocator, type SeedTables } from './tables';
import { buildWaitingList } from './waiting-list';

/** The constant seed of the demo data: change it and every generated value changes. */
export const DEMO_SEED = 20_260_101;

export interface ClientSeed {
  id: number;
  name: string;
  displayName: string;
  timeZone: string;
  currency: string;
  apiKey: string;
}

export interface GeneratedData {
  clients: ClientSeed[];
  tables: SeedTables;
}

export interface GenerateOptions {
  scale: SeedScale;
  /** Customers of the demo client; harbour gets an eighth. */
  customers?: number | undefined;
  /** Orders of the demo client (harbour's stay as they are). */
  orders?: number | undefined;
  /** `YYYY-MM-DD`: the seeding day in Europe/Amsterdam (default today). */
  today?: string | undefined;
  /** Highest id per serial table already in the database. */
  startIds?: Record<string, number>;
}

const SIZES = {
  demo: { customers: 20_000, orders: 50_000, harbourOrders: 3000, waitingEvents: 12, waitingPerEvent: 100 },
  test: { customers: 300, orders: 900, harbourOrders: 120, waitingEvents: 4, waitingPerEvent: 8 },
} as const;

/** Builds the whole demo data set in memory. Pure: the same options give the same rows. */
export function generateDemoData(options: GenerateOptions): GeneratedData {
  const size = SIZES[options.scale];
  const customerCount = options.customers ?? size.customers;
  const ctx: SeedContext = {
    scale: options.scale,
    rng: new Prng(DEMO_SEED),
    ids: new IdAllocator(options.startIds ?? {}),
    tables: emptyTables(),
    calendar: new Calendar(options.today),
  };
  const demo: ClientSeed = {
    id: ctx.ids.take('clients'),
    name: 'demo',
    displayName: 'Stadsschouwburg & Arena Demo',
    timeZone: 'Europe/Amsterdam',
    currency: 'EUR',
    apiKey: 'demo-partner-key',
  };
  const harbour: ClientSeed = {
    id: ctx.ids.take('clients'),
    name: 'harbour',
    displayName: 'Havenpodium Rotterdam',
    timeZone: 'Europe/Amsterdam',
    currency: 'EUR',
    apiKey: 'harbour-partner-key',
  };
  for (const name of DEMO_TAGS) ctx.tables.client_tags.push({ client_id: demo.id, name });
  for (const name of HARBOUR_TAGS) ctx.tables.client_tags.push({ client_id: harbour.id, name });

  // Each part draws from its own generator, so growing one part (more customers) leaves the others alone.
  const part = (label: string): SeedContext => ({ ...ctx, rng: ctx.rng.fork(label) });

  const demoSpecs = demoHallSpecs();
  const demoHalls = {
    theatre: buildHall(demoSpecs.theatre, demo.id, ctx.ids, ctx.tables),
    arena: buildHall(demoSpecs.arena, demo.id, ctx.ids, ctx.tables),
    club: buildHall(demoSpecs.club, demo.id, ctx.ids, ctx.tables),
    foyer: buildHall(demoSpecs.foyer, demo.id, ctx.ids, ctx.tables),
  };
  const harbourSpecs = harbourHallSpecs();
  const harbourHalls = {
    hall: buildHall(harbourSpecs.hall, harbour.id, ctx.ids, ctx.tables),
    loods: buildHall(harbourSpecs.loods, harbour.id, ctx.ids, ctx.tables),
  };

  const catalogCtx = part('catalog');
  const demoEvents = buildCatalog(catalogCtx, demo.id, 'demo.foyer.test', demoPlans(catalogCtx, demoHalls));
  const harbourEvents = buildCatalog(
    catalogCtx,
    harbour.id,
    'harbour.foyer.test',
    harbourPlans(catalogCtx, harbourHalls),
  );

  const blocksCtx = part('blocks');
  const demoBlocks = buildBlocks(blocksCtx, demoEvents);
  const harbourBlocks = buildBlocks(blocksCtx, harbourEvents);

  const demoCustomers = buildCustomers(part('customers-demo'), demo.id, customerCount, DEMO_TAGS, 'CRM');
  const harbourCustomers = buildCustomers(
    part('customers-harbour'),
    harbour.id,
    Math.max(60, Math.round(customerCount / 8)),
    HARBOUR_TAGS,
    'HVN',
  );

  const demoMethods = buildPaymentMethods(ctx, demo.id);
  const harbourMethods = buildPaymentMethods(ctx, harbour.id);

  const demoOrders = buildOrders(part('orders-demo'), {
    clientId: demo.id,
    count: options.orders ?? size.orders,
    events: demoEvents,
    customers: demoCustomers,
    methods: demoMethods,
    blocks: demoBlocks,
  });
  const harbourOrders = buildOrders(part('orders-harbour'), {
    clientId: harbour.id,
    count: size.harbourOrders,
    events: harbourEvents,
    customers: harbourCustomers,
    methods: harbourMethods,
    blocks: harbourBlocks,
  });
  applyLimitPlans(demoEvents, demoOrders.usage);
  applyLimitPlans(harbourEvents, harbourOrders.usage);

  const waitingCtx = part('waiting-list');
  buildWaitingList(
    waitingCtx,
    demo.id,
    demoEvents,
    demoOrders.sold,
    demoCustomers,
    size.waitingPerEvent,
    size.waitingEvents,
  );
  buildWaitingList(
    waitingCtx,
    harbour.id,
    harbourEvents,
    harbourOrders.sold,
    harbourCustomers,
    Math.ceil(size.waitingPerEvent / 3),
    Math.ceil(size.waitingEvents / 3),
  );
  return { clients: [demo, harbour], tables: ctx.tables };
}

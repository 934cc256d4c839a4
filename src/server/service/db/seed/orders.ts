import type { Blocks } from './blocks';
import { DAY_MS, iso } from './calendar';
import type { EventModel } from './catalog';
import type { SeedContext } from './context';
import type { HallModel, SeatRowModel } from './halls';
import type { PaymentMethods } from './payment-methods';
import { base62, type Prng } from './prng';
import type {
  CustomerRow,
  OrderRow,
  OrderSeatRow,
  OrderStatus,
  PaymentMethodRow,
  PaymentStatus,
  SeatRow,
  TicketTypeRow,
} from './tables';

interface Combination {
  status: OrderStatus;
  payment: PaymentStatus;
  channel: 'www' | 'sp';
  method: keyof PaymentMethods | null;
  weight: number;
}

/** Plausible order status / payment status / channel / payment method combinations, with their share. */
const COMBINATIONS: readonly Combination[] = [
  { status: 'ord', payment: 'paid', channel: 'www', method: 'ideal', weight: 35 },
  { status: 'ord', payment: 'paid', channel: 'sp', method: 'card', weight: 14 },
  { status: 'ord', payment: 'paid', channel: 'sp', method: 'cash', weight: 9 },
  { status: 'ord', payment: 'paid', channel: 'www', method: 'creditcard', weight: 9 },
  { status: 'ord', payment: 'paid', channel: 'www', method: 'bancontact', weight: 3 },
  { status: 'ord', payment: 'pending', channel: 'sp', method: 'invoice', weight: 2.5 },
  { status: 'ord', payment: 'pending', channel: 'www', method: 'ideal', weight: 1 },
  { status: 'ord', payment: 'partial', channel: 'sp', method: 'invoice', weight: 1.5 },
  { status: 'cancel', payment: 'cancelled', channel: 'www', method: 'ideal', weight: 4 },
  { status: 'cancel', payment: 'cancelled', channel: 'www', method: 'creditcard', weight: 1 },
  { status: 'cancel', payment: 'none', channel: 'sp', method: 'invoice', weight: 1 },
  { status: 'reemit', payment: 'paid', channel: 'sp', method: 'card', weight: 1.5 },
  { status: 'reissue', payment: 'paid', channel: 'www', method: 'ideal', weight: 1 },
  { status: 'res', payment: 'none', channel: 'www', method: 'ideal', weight: 3 },
  { status: 'res', payment: 'pending', channel: 'sp', method: 'invoice', weight: 1 },
  { status: 'res', payment: 'none', channel: 'sp', method: null, weight: 1.5 },
  { status: 'pros', payment: 'none', channel: 'sp', method: null, weight: 2 },
  { status: 'trash', payment: 'none', channel: 'www', method: 'ideal', weight: 1.5 },
  { status: 'trash', payment: 'cancelled', channel: 'www', method: 'creditcard', weight: 1 },
];
const COMBINATION_WEIGHTS = COMBINATIONS.map((c) => c.weight);

const TICKET_COUNTS = [1, 2, 3, 4, 5, 6, 8];
const TICKET_COUNT_WEIGHTS = [20, 45, 10, 15, 4, 4, 2];
const DONATIONS = [100, 250, 500, 1000, 2500];

/** A line price: '€' off, '%' off in basis points (half up to the cent), '=' a fixed price. */
export function linePrice(base: number, type: TicketTypeRow): number {
  switch (type.discount_type) {
    case '€':
      return Math.max(0, base - type.discount_value);
    case '%':
      return base - Math.floor((base * type.discount_value + 5000) / 10_000);
    default:
      return type.discount_value;
  }
}

/** Unsold seats of one rank of one event, sold row by row from the best rows (with some luck). */
interface RankStock {
  rows: SeatRowModel[];
  row: number;
  seat: number;
}

class ReservedStock {
  readonly #ranks = new Map<number, RankStock>();

  constructor(
    private readonly model: EventModel,
    private readonly blocked: Set<number>,
    private readonly rng: Prng,
  ) {}

  #rank(rankId: number): RankStock {
    let stock = this.#ranks.get(rankId);
    if (!stock) {
      const rows = this.model.hall.rows
        .filter((row) => row.rankId === rankId)
        .map((row) => ({ row, order: (row.seats[0]?.quality ?? 0) + this.rng.next() * 40 }))
        .sort((a, b) => a.order - b.order)
        .map((entry) => entry.row);
      stock = { rows, row: 0, seat: 0 };
      this.#ranks.set(rankId, stock);
    }
    return stock;
  }

  /** `count` seats next to each other in one row where possible; null when the rank is sold out. */
  take(rankId: number, count: number): SeatRow[] | null {
    const stock = this.#rank(rankId);
    while (stock.row < stock.rows.length) {
      const seats = stock.rows[stock.row]?.seats ?? [];
      const run: SeatRow[] = [];
      let position = stock.seat;
      for (; position < seats.length && run.length < count; position += 1) {
        const seat = seats[position];
        if (seat && !this.blocked.has(seat.id)) run.push(seat);
      }
      // A group takes the rest of a row only when it fits; leftover singles stay free.
      if (run.length === count) {
        stock.seat = position;
        return run;
      }
      stock.row += 1;
      stock.seat = 0;
    }
    return null;
  }
}

/**
 * How many of an event's places the order picker aims at: the arena fills its 20,000 seats only for hits,
 * so it draws buyers as if it were smaller, leaving the theatre's evenings well sold.
 */
function demandPlaces(hall: HallModel): number {
  const places = hall.hall.seating === 'reserved' ? hall.seatCount : hall.hall.capacity;
  return places > 5000 ? places / 2 : places;
}

/** Cumulative weights for picking by binary search (tens of thousands of picks). */
class WeightedPicker<T> {
  readonly #items: T[];
  readonly #cumulative: number[];

  constructor(items: T[], weight: (item: T) => number) {
    this.#items = [];
    this.#cumulative = [];
    let total = 0;
    for (const item of items) {
      const w = weight(item);
      if (w <= 0) continue;
      total += w;
      this.#items.push(item);
      this.#cumulative.push(total);
    }
  }

  get size(): number {
    return this.#items.length;
  }

  pick(rng: Prng): T | undefined {
    const total = this.#cumulative[this.#cumulative.length - 1] ?? 0;
    const roll = rng.next() * total;
    let low = 0;
    let high = this.#cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((this.#cumulative[mid] ?? 0) > roll) high = mid;
      else low = mid + 1;
    }
    return this.#items[low];
  }
}

export interface OrderInput {
  clientId: number;
  count: number;
  events: EventModel[];
  customers: CustomerRow[];
  methods: PaymentMethods;
  blocks: Blocks;
}

export interface OrderResult {
  /** Ticket type id → tickets sold (kept lines of orders that hold their seats). */
  usage: Map<number, number>;
  /** Event id → tickets sold. */
  sold: Map<number, number>;
}

const ITEM_TYPE = { voucher: 'voucher', product: 'product' } as const;

/**
 * Orders of one client with their lines and, for reserved seats, their 'sold' seat claims. Cancelled and
 * trashed orders keep their lines as deleted seats and hold nothing; some regular orders also had a seat
 * removed. Never more than a hall (or its GA capacity minus blocks) holds.
 */
export function buildOrders(ctx: SeedContext, input: OrderInput): OrderResult {
  const { rng, ids, tables, calendar } = ctx;
  const usage = new Map<number, number>();
  const sold = new Map<number, number>();
  const stocks = new Map<number, ReservedStock>();
  const placesLeft = new Map<number, number>();
  const exhausted = new Set<number>();
  // Soft caps keep per-event-limited types modest; 'reach' ones end exactly at what was used.
  const softCaps = new Map<number, number>();

  const sellable = input.events.filter((m) => m.popularity > 0);
  const performances = new WeightedPicker(
    sellable.filter((m) => m.kind === 'performance'),
    (m) => m.popularity * demandPlaces(m.hall),
  );
  const foyerItems = sellable.filter((m) => m.kind === 'foyer');
  const products = foyerItems.filter((m) => m.event.event_type === 'product');
  const nowish = calendar.anchorMs - 30 * 60_000;

  const placesOf = (model: EventModel): number => {
    let left = placesLeft.get(model.event.id);
    if (left === undefined) {
      left = model.hall.hall.capacity - (input.blocks.places.get(model.event.id) ?? 0);
      placesLeft.set(model.event.id, left);
    }
    return left;
  };

  /** Seats (or places: nulls) for `count` tickets of the event, or null when it cannot hold them. */
  const allocate = (model: EventModel, rankId: number, count: number): (SeatRow | null)[] | null => {
    if (model.hall.hall.seating === 'general') {
      const left = placesOf(model);
      if (left < count) return null;
      placesLeft.set(model.event.id, left - count);
      return new Array<null>(count).fill(null);
    }
    let stock = stocks.get(model.event.id);
    if (!stock) {
      stock = new ReservedStock(model, input.blocks.seats.get(model.event.id) ?? new Set(), rng);
      stocks.set(model.event.id, stock);
    }
    return stock.take(rankId, count);
  };

  const chooseType = (
    model: EventModel,
    rankId: number,
    customer: CustomerRow | null,
    orderMs: number,
    inOrder: Map<number, number>,
    counts: boolean,
  ): TicketTypeRow => {
    const types = model.ticketTypes.get(rankId) ?? [];
    const full = types[0];
    if (!full) throw new Error(`event ${model.event.id} rank ${rankId} has no ticket types`);
    // The limited offer sells first where there is one (so its limit is reached on most performances).
    const offer = types.find((t) => model.limitPlans.get(t.id) === 'reach');
    if (types.length === 1 || (!offer && rng.chance(0.55)) || (offer && rng.chance(0.45))) return full;
    const type = offer && rng.chance(0.4) ? offer : rng.pick(types);
    if (type.required_tag && !customer?.tags.includes(type.required_tag)) return full;
    if (type.valid_from && Date.parse(type.valid_from) > orderMs) return full;
    if (type.valid_until && Date.parse(type.valid_until) < orderMs) return full;
    if (type.max_per_order !== null && (inOrder.get(type.id) ?? 0) >= type.max_per_order) return full;
    const plan = model.limitPlans.get(type.id);
    if (plan && counts) {
      let cap = softCaps.get(type.id);
      if (cap === undefined) {
        cap = plan === 'reach' ? rng.int(6, 24) : rng.int(10, 40);
        softCaps.set(type.id, cap);
      }
      if ((usage.get(type.id) ?? 0) >= cap) return full;
    }
    return type;
  };

  let made = 0;
  // Sold-out events send an order elsewhere; the attempt cap only guards against a hall too small.
  for (let attempts = 0; made < input.count && attempts < input.count * 3; attempts += 1) {
    // The first orders take every combination once, so even the smallest data set has them all.
    const combination =
      made < COMBINATIONS.length
        ? (COMBINATIONS[made] as Combination)
        : rng.weighted(COMBINATIONS, COMBINATION_WEIGHTS);
    const dropsAll = combination.status === 'cancel' || combination.status === 'trash';
    const needsFuture = combination.status === 'res' || combination.status === 'pros';
    const method: PaymentMethodRow | null = combination.method ? input.methods[combination.method] : null;

    const foyerOnly = foyerItems.length > 0 && rng.chance(0.05);
    let model: EventModel | undefined;
    let rankId = 0;
    let seats: (SeatRow | null)[] | null = null;
    let wanted = rng.weighted(TICKET_COUNTS, TICKET_COUNT_WEIGHTS);
    for (let attempt = 0; attempt < 30 && !seats; attempt += 1) {
      model = foyerOnly ? rng.pick(foyerItems) : performances.pick(rng);
      if (!model || exhausted.has(model.event.id)) continue;
      if (needsFuture && model.startMs < nowish && attempt < 25) continue;
      wanted = Math.min(foyerOnly ? rng.int(1, 2) : wanted, model.event.max_per_order);
      const ranks = model.hall.ranks;
      const first = rng.int(0, ranks.length - 1);
      for (let r = 0; r < ranks.length && !seats; r += 1) {
        rankId = ranks[(first + r) % ranks.length]?.id ?? 0;
        seats = allocate(model, rankId, wanted);
      }
      if (!seats && wanted === 1) exhausted.add(model.event.id);
    }
    if (!model || !seats) continue;

    const customer =
      (combination.method === 'cash' && rng.chance(0.4)) || rng.chance(0.02)
        ? null
        : (input.customers[Math.floor(rng.next() * rng.next() * input.customers.length)] ?? null);
    const latest = Math.min(nowish, model.startMs - 3_600_000);
    let earliest = Math.max(calendar.anchorMs - 365 * DAY_MS, model.startMs - 200 * DAY_MS);
    if (needsFuture) earliest = Math.max(earliest, calendar.anchorMs - 6 * DAY_MS);
    if (earliest >= latest) earliest = latest - DAY_MS;
    const orderMs = Math.floor((earliest + rng.next() * (latest - earliest)) / 1000) * 1000;
    const changedAfter =
      combination.status === 'ord' && combination.payment === 'paid'
        ? rng.next() * 600_000
        : rng.next() * (dropsAll ? 20 : 10) * DAY_MS;
    const changedMs = Math.min(calendar.anchorMs, orderMs + Math.floor(changedAfter / 1000) * 1000);
    const deletedAt = dropsAll ? iso(changedMs) : null;

    const orderId = ids.take('orders');
    const lines: OrderSeatRow[] = [];
    const inOrder = new Map<number, number>();
    const itemType = ITEM_TYPE[model.event.event_type as keyof typeof ITEM_TYPE] ?? 'ticket';
    const addLine = (event: EventModel, line: { rankId: number; seat: SeatRow | null }, deleted: string | null) => {
      const keeps = deleted === null;
      const type = chooseType(event, line.rankId, customer, orderMs, inOrder, keeps);
      inOrder.set(type.id, (inOrder.get(type.id) ?? 0) + 1);
      if (keeps) {
        usage.set(type.id, (usage.get(type.id) ?? 0) + 1);
        sold.set(event.event.id, (sold.get(event.event.id) ?? 0) + 1);
      }
      const row: OrderSeatRow = {
        id: ids.take('order_seats'),
        order_id: orderId,
        item_type:
          event === model ? itemType : (ITEM_TYPE[event.event.event_type as keyof typeof ITEM_TYPE] ?? 'ticket'),
        event_id: event.event.id,
        seat_id: line.seat?.id ?? null,
        rank_id: line.rankId,
        row_nr: line.seat?.row_nr ?? 0,
        seat_nr: line.seat?.seat_nr ?? 0,
        amount_cents: linePrice(event.prices.get(line.rankId) ?? 0, type),
        ticket_type_id: type.id,
        price_name: type.name,
        deleted_at: deleted,
      };
      lines.push(row);
      if (keeps && line.seat) {
        tables.seat_claims.push({
          event_id: event.event.id,
          seat_id: line.seat.id,
          state: 'sold',
          order_id: orderId,
          block_type: null,
        });
      }
    };
    for (const seat of seats) addLine(model, { rankId, seat }, deletedAt);

    // A seat removed from a regular order before it was paid: kept for the audit trail.
    if (combination.status === 'ord' && !foyerOnly && rng.chance(0.03)) {
      const extra = allocate(model, rankId, 1);
      if (extra) addLine(model, { rankId, seat: extra[0] ?? null }, iso(Math.max(orderMs, changedMs - 60_000)));
    }
    // A programme book with the tickets now and then.
    if (!foyerOnly && products.length > 0 && rng.chance(0.05)) {
      const product = rng.pick(products);
      const productRank = product.hall.ranks[0]?.id ?? 0;
      const places = allocate(product, productRank, 1);
      if (places) addLine(product, { rankId: productRank, seat: null }, deletedAt);
    }

    const fee = method?.kind === 'online' && !dropsAll ? method.fee_cents : 0;
    const donation = combination.channel === 'www' && !dropsAll && rng.chance(0.08) ? rng.pick(DONATIONS) : 0;
    let linesTotal = 0;
    let discountName: string | null = null;
    for (const line of lines) {
      if (line.deleted_at !== null) continue;
      linesTotal += line.amount_cents;
      if (discountName === null && line.price_name !== 'Normaal') discountName = line.price_name;
    }
    const order: OrderRow = {
      id: orderId,
      client_id: input.clientId,
      order_key: base62(rng, 26),
      customer_id: customer?.id ?? null,
      status: combination.status,
      payment_status: combination.payment,
      channel: combination.channel,
      payment_method_id: method?.id ?? null,
      handling_text: method?.name ?? (combination.status === 'pros' ? 'Offerte' : 'Reservering'),
      discount_name: discountName,
      order_date: iso(orderMs),
      time_out: combination.status === 'res' ? iso(orderMs + 7 * DAY_MS) : null,
      amount_cents: linesTotal + fee + donation,
      fee_cents: fee,
      donation_cents: donation,
      last_changed: iso(changedMs),
    };
    tables.orders.push(order);
    tables.order_seats.push(...lines);
    made += 1;
  }
  return { usage, sold };
}

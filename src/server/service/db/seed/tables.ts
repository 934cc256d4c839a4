/**
 * Row shapes of the seeded tables, column for column as in 001_initial.sql. The generators fill these in
 * memory with explicit ids (so references need no round trips), and bulk-insert writes them in this order.
 */
export interface ClientTagRow {
  client_id: number;
  name: string;
}

export interface HallRow {
  id: number;
  client_id: number;
  name: string;
  address: string;
  zip: string;
  city: string;
  phone: string;
  url: string;
  seating: 'reserved' | 'general';
  capacity: number;
}

export interface RankRow {
  id: number;
  hall_id: number;
  name: string;
  position: number;
}

export interface SectionRow {
  id: number;
  hall_id: number;
  name: string;
  position: number;
}

export interface SeatRow {
  id: number;
  hall_id: number;
  section_id: number;
  row_nr: number;
  seat_nr: number;
  rank_id: number;
  quality: number;
}

export interface ProductionRow {
  id: number;
  client_id: number;
  title: string;
  artist: string | null;
  text: string;
  short_text: string;
  image: string | null;
  tags: string[];
}

export type EventType = 'event' | 'passepartout' | 'voucher' | 'combi' | 'horeca' | 'product';

export interface EventRow {
  id: number;
  client_id: number;
  production_id: number;
  hall_id: number;
  name: string;
  text: string;
  short_text: string;
  url: string | null;
  image: string | null;
  event_type: EventType | null;
  tags: string[];
  starts_at: string;
  ends_at: string | null;
  view_end_at: string | null;
  status: 'pub' | 'draft' | 'arch';
  max_per_order: number;
}

export interface EventPriceRow {
  event_id: number;
  rank_id: number;
  amount_cents: number;
}

export type DiscountType = '€' | '%' | '=';

export interface TicketTypeRow {
  id: number;
  event_id: number;
  rank_id: number;
  name: string;
  discount_type: DiscountType;
  discount_value: number;
  max_per_order: number | null;
  max_per_event: number | null;
  valid_from: string | null;
  valid_until: string | null;
  required_tag: string | null;
  position: number;
}

export interface EventBlockRow {
  event_id: number;
  block_type: string;
  count: number;
}

export interface CustomerRow {
  id: number;
  client_id: number;
  external_id: string | null;
  email: string;
  salutation: string;
  first_name: string;
  last_name: string;
  preposition: string;
  address: string;
  house_nr: string;
  zip: string;
  city: string;
  country: string;
  phone: string;
  credit_cents: number;
  custom1: string | null;
  custom2: string | null;
  custom3: string | null;
  custom4: string | null;
  custom5: string | null;
  custom6: string | null;
  custom7: string | null;
  prefs: Record<string, unknown> | null;
  tags: string[];
  last_changed: string;
}

export interface PaymentMethodRow {
  id: number;
  client_id: number;
  name: string;
  fee_cents: number;
  kind: 'desk' | 'online';
  desk_status: 'paid' | 'pending';
  position: number;
}

export type OrderStatus = 'ord' | 'cancel' | 'reemit' | 'reissue' | 'res' | 'pros' | 'trash';
export type PaymentStatus = 'none' | 'pending' | 'paid' | 'partial' | 'cancelled';

export interface OrderRow {
  id: number;
  client_id: number;
  order_key: string;
  customer_id: number | null;
  status: OrderStatus;
  payment_status: PaymentStatus;
  channel: 'www' | 'sp';
  payment_method_id: number | null;
  handling_text: string;
  discount_name: string | null;
  order_date: string;
  time_out: string | null;
  amount_cents: number;
  fee_cents: number;
  donation_cents: number;
  last_changed: string;
}

export interface OrderSeatRow {
  id: number;
  order_id: number;
  item_type: 'ticket' | 'voucher' | 'product';
  event_id: number;
  seat_id: number | null;
  rank_id: number;
  row_nr: number;
  seat_nr: number;
  amount_cents: number;
  ticket_type_id: number;
  price_name: string;
  deleted_at: string | null;
}

export interface SeatClaimRow {
  event_id: number;
  seat_id: number;
  state: 'sold' | 'block';
  order_id: number | null;
  block_type: string | null;
}

export type WaitingListType = 'waiting' | 'notified' | 'converted' | 'expired' | 'cancelled';

export interface WaitingListRow {
  id: number;
  client_id: number;
  customer_id: number;
  event_id: number;
  number_of_tickets: number;
  type: WaitingListType;
  created_at: string;
  notified_at: string | null;
}

/** Everything the seed writes, table by table, in an order that satisfies the foreign keys. */
export interface SeedTables {
  client_tags: ClientTagRow[];
  halls: HallRow[];
  ranks: RankRow[];
  sections: SectionRow[];
  seats: SeatRow[];
  productions: ProductionRow[];
  events: EventRow[];
  event_prices: EventPriceRow[];
  ticket_types: TicketTypeRow[];
  event_blocks: EventBlockRow[];
  customers: CustomerRow[];
  payment_methods: PaymentMethodRow[];
  orders: OrderRow[];
  order_seats: OrderSeatRow[];
  seat_claims: SeatClaimRow[];
  waiting_list: WaitingListRow[];
}

export const TABLE_ORDER: readonly (keyof SeedTables)[] = [
  'client_tags',
  'halls',
  'ranks',
  'sections',
  'seats',
  'productions',
  'events',
  'event_prices',
  'ticket_types',
  'event_blocks',
  'customers',
  'payment_methods',
  'orders',
  'order_seats',
  'seat_claims',
  'waiting_list',
];

/** Tables with a serial id whose sequence must follow the explicit ids. */
export const SERIAL_TABLES = [
  'clients',
  'halls',
  'ranks',
  'sections',
  'seats',
  'productions',
  'events',
  'ticket_types',
  'customers',
  'payment_methods',
  'orders',
  'order_seats',
  'waiting_list',
] as const;

export function emptyTables(): SeedTables {
  return {
    client_tags: [],
    halls: [],
    ranks: [],
    sections: [],
    seats: [],
    productions: [],
    events: [],
    event_prices: [],
    ticket_types: [],
    event_blocks: [],
    customers: [],
    payment_methods: [],
    orders: [],
    order_seats: [],
    seat_claims: [],
    waiting_list: [],
  };
}

/** Hands out explicit ids per table, starting after what the database already holds. */
export class IdAllocator {
  readonly #next = new Map<string, number>();

  constructor(start: Record<string, number>) {
    for (const [table, max] of Object.entries(start)) this.#next.set(table, max + 1);
  }

  take(table: (typeof SERIAL_TABLES)[number]): number {
    const id = this.#next.get(table) ?? 1;
    this.#next.set(table, id + 1);
    return id;
  }
}

import type { PartnerCartAddItem } from '@/contract/partner-cart';
import type { PublicCartAdd } from '@/contract/public-cart';
import type { Database, Queryable } from '../../db/database';
import type { Client, ServiceDeps } from '../context';
import { ConflictError, NotFoundError, ServiceError, ValidationError } from '../errors';
import { eventAvailability, generalTakenByEvent, publicFreeCount } from './availability';
import type { CartRow } from './cart-row';
import { type CartLine, toCartLines } from './cart-views';
import { extendCart, lockCart } from './carts';
import { cachedCatalogAt } from './catalog-cache';
import {
  holdBestSeats,
  holdNamedSeats,
  lockEvent,
  type NamedSeatHold,
  type NamedSeatRequest,
  namedSeatsJson,
} from './holds';
import { decimalToCents } from './money';
import { findPublicSubEvent } from './public-events';
import { at, inSendingOrder, sellingStatement, sellingTransaction } from './selling-transaction';
import { findTicketType, type TicketType, ticketTypesOfEvent, unsellableReason } from './ticket-types';

/**
 * Adding to a cart. Everything of one call happens in one transaction on the locked cart, so a call adds
 * all its items or none. What must never be oversold is decided by the database:
 * - reserved seats by the `seat_claims` primary key (holds.ts);
 * - general-admission places and per-event discount maxima by counting under a row lock on the event,
 *   so two carts counting the same event take turns.
 *
 * Item kinds: an event of type `voucher` or `product` gives a `voucher` or `product` line (no seat, not
 * counted against a capacity, not held); every other event type gives `ticket` lines. A donation is a
 * line without event.
 */

interface SaleEvent {
  id: number;
  name: string;
  event_type: string | null;
  status: string;
  max_per_order: number;
  hall_id: number;
  seating: 'reserved' | 'general';
  /** The catalog version it was read under, so the event's ticket types can come from the same cache. */
  catalog_version: string;
}

type ItemType = 'ticket' | 'voucher' | 'product';

const itemTypeOf = (event: SaleEvent): ItemType =>
  event.event_type === 'voucher' ? 'voucher' : event.event_type === 'product' ? 'product' : 'ticket';

/**
 * An event as selling needs it. Events and halls are catalog rows: the row is cached per catalog version
 * (read along with the cart), so an add to a known event costs no query for it.
 */
async function saleEvent(
  tx: Queryable,
  db: Database,
  clientId: number,
  eventId: number,
  catalogVersion: string,
): Promise<SaleEvent | undefined> {
  const row = await cachedCatalogAt(db, catalogVersion, `sale-event:${clientId}:${eventId}`, async () => {
    const { rows } = await tx.query<Omit<SaleEvent, 'catalog_version'>>(
      `select e.id, e.name, e.event_type, e.status, e.max_per_order, e.hall_id, h.seating
         from events e join halls h on h.id = e.hall_id
        where e.client_id = $1 and e.id = $2`,
      [clientId, eventId],
    );
    return rows[0];
  });
  return row && { ...row, catalog_version: catalogVersion };
}

interface AddContext {
  tx: Queryable;
  cart: CartRow;
  group: 'public' | 'partner';
  now: Date;
  expiresAt: Date;
  /** Named seats not yet held (partner adds gather them, so that one statement holds them all). */
  namedSeats?: NamedSeatBatch;
}

function throwUnlessHeld(seatId: number, rankId: number, hold: NamedSeatHold): void {
  if (!hold.found) throw new ValidationError(`Seat ${seatId} is not a seat of this event's hall.`);
  if (hold.rankId !== rankId) throw new ValidationError(`Seat ${seatId} is not of rank ${rankId}.`);
  if (!hold.held) {
    throw new ConflictError(`Seat ${seatId} (row ${hold.rowNr}, seat ${hold.seatNr}) is no longer available.`);
  }
}

/**
 * Named seats of consecutive items of one event, held together by one statement (holdNamedSeats) when the
 * next item needs the database, or at the end. Whatever touches the database in between flushes first, and
 * a failure reports the first failing item, so the outcome and the error are those of holding item by item.
 */
class NamedSeatBatch {
  #event: SaleEvent | undefined;
  #seats: NamedSeatRequest[] = [];

  constructor(private readonly context: Omit<AddContext, 'namedSeats'>) {}

  async add(event: SaleEvent, seat: NamedSeatRequest): Promise<void> {
    const joins = this.#event === undefined || this.#event.id === event.id;
    if (!joins || this.#seats.some((pending) => pending.seatId === seat.seatId)) await this.flush();
    this.#event = event;
    this.#seats.push(seat);
  }

  async flush(): Promise<void> {
    const event = this.#event;
    const seats = this.#seats;
    this.#event = undefined;
    this.#seats = [];
    if (!event || seats.length === 0) return;
    const { tx, cart, expiresAt, now } = this.context;
    const holds = await holdNamedSeats(
      tx,
      { eventId: event.id, hallId: event.hall_id, cartId: cart.id, expiresAt, seats },
      now,
    );
    seats.forEach((seat, index) => {
      throwUnlessHeld(seat.seatId, seat.rankId, holds[index] ?? { found: false, held: false });
    });
  }
}

/** Tickets of a ticket type (or of an event) already in the cart. */
async function inCart(tx: Queryable, cartId: string, column: 'ticket_type_id' | 'event_id', id: number) {
  const { rows } = await tx.query<{ n: number }>(
    `select coalesce(sum(quantity), 0)::int as n from cart_items where cart_id = $1 and ${column} = $2`,
    [cartId, id],
  );
  return rows[0]?.n ?? 0;
}

function ticketTypeRules(ticketType: TicketType, context: AddContext): void {
  const reason = unsellableReason(ticketType, { group: context.group }, context.now);
  if (reason === 'tag') throw new ValidationError(`Ticket type ${ticketType.id} is not available here.`);
  if (reason === 'window') throw new ValidationError(`Ticket type "${ticketType.name}" is not on sale now.`);
  if (reason === 'sold_out') throw new ConflictError(`Ticket type "${ticketType.name}" is sold out.`);
}

/**
 * The per-event maximum of a discount, counted under the event lock: usage (live carts, this one included,
 * plus order lines) and this add together may not exceed it.
 */
async function checkPerEventMaximum(context: AddContext, ticketType: TicketType, quantity: number): Promise<void> {
  if (ticketType.maxPerEvent === null) return;
  const current = await findTicketType(context.tx, ticketType.eventId, ticketType.id, context.now);
  const used = current?.used ?? 0;
  if (used + quantity > ticketType.maxPerEvent) {
    throw new ConflictError(
      `Ticket type "${ticketType.name}" is sold out: ${Math.max(0, ticketType.maxPerEvent - used)} left.`,
    );
  }
}

async function checkPerOrderMaximum(context: AddContext, ticketType: TicketType, quantity: number): Promise<void> {
  if (ticketType.maxPerOrder === null) return;
  const already = await inCart(context.tx, context.cart.id, 'ticket_type_id', ticketType.id);
  if (already + quantity > ticketType.maxPerOrder) {
    throw new ValidationError(
      `At most ${ticketType.maxPerOrder} tickets of "${ticketType.name}" per order (${already} in the cart).`,
    );
  }
}

async function insertLine(
  tx: Queryable,
  line: {
    cartId: string;
    itemType: ItemType | 'donation';
    eventId: number | null;
    ticketTypeId: number | null;
    rankId: number | null;
    seatId: number | null;
    quantity: number;
    amountCents: number;
    description: string;
    now: Date;
  },
): Promise<void> {
  await tx.query(
    `insert into cart_items (cart_id, item_type, event_id, ticket_type_id, rank_id, seat_id, quantity, amount_cents,
       description, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::timestamptz)`,
    [
      line.cartId,
      line.itemType,
      line.eventId,
      line.ticketTypeId,
      line.rankId,
      line.seatId,
      line.quantity,
      line.amountCents,
      line.description,
      line.now.toISOString(),
    ],
  );
}

interface TicketRequest {
  event: SaleEvent;
  ticketType: TicketType;
  quantity: number;
  /** A specific seat (partner only). */
  seatId?: number;
}

interface SeatRow {
  id: number;
  rank_id: number;
  row_nr: number;
  seat_nr: number;
}

async function seatsOf(tx: Queryable, seatIds: readonly number[]): Promise<Map<number, SeatRow>> {
  const { rows } = await tx.query<SeatRow>('select id, rank_id, row_nr, seat_nr from seats where id = any($1::int[])', [
    seatIds,
  ]);
  return new Map(rows.map((row) => [row.id, row]));
}

/** Adds tickets (or vouchers, products) of one ticket type, holding seats or places as needed. */
async function addTickets(context: AddContext, request: TicketRequest): Promise<void> {
  const { tx, cart, now, expiresAt } = context;
  const { event, ticketType, quantity } = request;
  const itemType = itemTypeOf(event);
  // A named seat whose ticket type has no maximum needs no query before its hold: it can wait in the batch.
  const batchable = request.seatId !== undefined && ticketType.maxPerOrder === null && ticketType.maxPerEvent === null;
  if (!batchable) await context.namedSeats?.flush();
  ticketTypeRules(ticketType, context);
  await checkPerOrderMaximum(context, ticketType, quantity);

  const countsPlaces = itemType === 'ticket' && event.seating === 'general';
  if (countsPlaces || ticketType.maxPerEvent !== null) await lockEvent(tx, event.id);
  await checkPerEventMaximum(context, ticketType, quantity);

  const base = { cartId: cart.id, itemType, eventId: event.id, ticketTypeId: ticketType.id, rankId: ticketType.rankId };
  const label = `${event.name} – ${ticketType.rankName}`;
  if (itemType !== 'ticket' || event.seating === 'general') {
    if (countsPlaces) {
      const { rows } = await tx.query<{ capacity: number }>(
        'select h.capacity from events e join halls h on h.id = e.hall_id where e.id = $1',
        [event.id],
      );
      const taken = (await generalTakenByEvent(tx, [event.id], now)).get(event.id) ?? 0;
      const left = Math.max(0, (rows[0]?.capacity ?? 0) - taken);
      if (quantity > left) throw new ConflictError(`Only ${left} places left for "${event.name}".`);
    }
    await insertLine(tx, {
      ...base,
      seatId: null,
      quantity,
      amountCents: ticketType.priceCents * quantity,
      description: label,
      now,
    });
    return;
  }

  if (request.seatId !== undefined) {
    const seatId = request.seatId;
    if (quantity !== 1) throw new ValidationError('A line with a seatId holds exactly one ticket.');
    const seat = {
      seatId,
      rankId: ticketType.rankId,
      ticketTypeId: ticketType.id,
      priceCents: ticketType.priceCents,
      label,
    };
    if (batchable && context.namedSeats) {
      await context.namedSeats.add(event, seat);
      return;
    }
    const [hold] = await holdNamedSeats(
      tx,
      { eventId: event.id, hallId: event.hall_id, cartId: cart.id, expiresAt, seats: [seat] },
      now,
    );
    throwUnlessHeld(seatId, ticketType.rankId, hold ?? { found: false, held: false });
    return;
  }
  const seats = await holdBestSeats(
    tx,
    {
      eventId: event.id,
      hallId: event.hall_id,
      rankId: ticketType.rankId,
      count: quantity,
      cartId: cart.id,
      expiresAt,
    },
    now,
  );
  if (seats.length < quantity) {
    throw new ConflictError(`Not enough seats left in ${ticketType.rankName} for "${event.name}".`);
  }
  await insertSeatLines(context, { event, ticketType, label }, seats);
}

/** The cart lines of seats just held (best available), one per seat, in one statement. */
async function insertSeatLines(
  context: AddContext,
  line: { event: SaleEvent; ticketType: TicketType; label: string },
  seats: readonly number[],
): Promise<void> {
  const { tx, cart, now } = context;
  const { event, ticketType, label } = line;
  const itemType = itemTypeOf(event);
  const labels = await seatsOf(tx, seats);
  // One line per seat, all in one statement.
  const descriptions = seats.map((seatId) => {
    const where = labels.get(seatId);
    return where ? `${label} – row ${where.row_nr}, seat ${where.seat_nr}` : label;
  });
  await tx.query(
    `insert into cart_items (cart_id, item_type, event_id, ticket_type_id, rank_id, seat_id, quantity, amount_cents,
       description, created_at)
     select $1, $2, $3, $4, $5, u.seat_id, 1, $6, u.description, $9::timestamptz
       from unnest($7::int[], $8::text[]) with ordinality as u(seat_id, description, n)
      order by u.n`,
    [
      cart.id,
      itemType,
      event.id,
      ticketType.id,
      ticketType.rankId,
      ticketType.priceCents,
      seats,
      descriptions,
      now.toISOString(),
    ],
  );
}

/**
 * Last add + timeout, in whole seconds: `timeOut` is shown to the second, so the instant shown is exactly
 * the instant the holds lapse.
 */
function holdExpiry(deps: ServiceDeps, now: Date): Date {
  return new Date(Math.floor((now.getTime() + deps.cartTimeoutSeconds * 1000) / 1000) * 1000);
}

async function openCart(tx: Queryable, client: Client, cartId: string, now: Date): Promise<CartRow> {
  const cart = await lockCart(tx, client.id, cartId, now);
  if (cart.checked_out) throw new ValidationError('This cart has been checked out; start a new cart.');
  return cart;
}

async function ticketTypeOf(
  tx: Queryable,
  db: Database,
  event: SaleEvent,
  priceId: string,
  now: Date,
): Promise<TicketType> {
  const id = /^\d{1,10}$/.test(priceId) ? Number(priceId) : 0;
  // Prices and rules are catalog data (cached per catalog version, read along with the event). Usage only
  // matters for per-event maxima, which are counted under the event lock (checkPerEventMaximum).
  const all = await cachedCatalogAt(db, event.catalog_version, `sale-ticket-types:${event.id}`, () =>
    ticketTypesOfEvent(tx, event.id, now, { withUsage: false }),
  );
  const ticketType = all.find((candidate) => candidate.id === id);
  if (!ticketType) throw new ValidationError(`Ticket type ${priceId} does not belong to event ${event.id}.`);
  return ticketType;
}

/**
 * `POST /partner/cart/{cartId}`: all items or none. Returns the cart and its lines as committed, read in
 * the same transaction (the response shows them without another round of queries).
 */
export async function addPartnerItems(
  deps: ServiceDeps,
  client: Client,
  cartId: string,
  items: readonly PartnerCartAddItem[],
): Promise<{ cart: CartRow; lines: CartLine[] }> {
  const now = deps.now();
  const expiresAt = holdExpiry(deps, now);
  const atOnce = await namedSeatsAtOnce(deps, client, items, now);
  if (atOnce) {
    const added = await addNamedSeatsAtOnce(deps, client, cartId, atOnce, now, expiresAt);
    if (added) return added;
  }
  return sellingTransaction(deps.db, async (tx) => {
    const cart = await openCart(tx, client, cartId, now);
    lastCatalogVersion.set(deps.db, cart.catalog_version);
    const base = { tx, cart, group: 'partner' as const, now, expiresAt };
    const namedSeats = new NamedSeatBatch(base);
    const context: AddContext = { ...base, namedSeats };
    // Several items of one call usually share an event: read it and its ticket types once.
    const events = new Map<number, SaleEvent | undefined>();
    for (const [index, item] of items.entries()) {
      try {
        await addPartnerItem(item, index);
      } catch (error) {
        // A rule broken by this item: the seats of earlier items come first, their failure is the one to
        // report. (After a database error the transaction is aborted and rolls back: nothing more to run.)
        if (error instanceof ServiceError) await namedSeats.flush();
        throw error;
      }
    }
    // The last seats' hold and the extension go out together (one round trip on a server); a seat not held
    // throws, and the transaction, extension included, rolls back.
    const [, lines] = await inSendingOrder([namedSeats.flush(), extendCart(tx, cart.id, expiresAt)]);
    return { cart: { ...cart, expires_at: expiresAt }, lines };

    async function addPartnerItem(item: PartnerCartAddItem, index: number): Promise<void> {
      const isDonation = item.itemType === 'donation' || (item.eventId === undefined && item.amount !== undefined);
      if (isDonation) {
        const cents = item.amount === undefined ? null : decimalToCents(item.amount);
        if (cents === null || cents <= 0) {
          throw new ValidationError('A donation needs a positive amount with at most two decimals.', {
            [`${index}.amount`]: ['Required for a donation: a positive amount with at most two decimals.'],
          });
        }
        await namedSeats.flush();
        await insertLine(tx, {
          cartId: cart.id,
          itemType: 'donation',
          eventId: null,
          ticketTypeId: null,
          rankId: null,
          seatId: null,
          quantity: 1,
          amountCents: cents,
          description: 'Donation',
          now,
        });
        return;
      }
      if (item.eventId === undefined) {
        throw new ValidationError('eventId is required for tickets, vouchers and products.', {
          [`${index}.eventId`]: ['Required unless the item is a donation.'],
        });
      }
      if (!events.has(item.eventId)) {
        events.set(item.eventId, await saleEvent(tx, deps.db, client.id, item.eventId, cart.catalog_version));
      }
      const event = events.get(item.eventId);
      if (!event) throw new ValidationError(`Event ${item.eventId} does not exist.`);
      // The box office sells everything but unpublished drafts (archived passes and vouchers included).
      if (event.status === 'draft') throw new ValidationError(`Event ${item.eventId} is not on sale.`);
      const ticketType = await ticketTypeOf(tx, deps.db, event, item.priceId, now);
      if (ticketType.rankId !== item.rankId) {
        throw new ValidationError(`Ticket type ${item.priceId} is not of rank ${item.rankId}.`);
      }
      if (item.itemType !== undefined && item.itemType !== itemTypeOf(event)) {
        throw new ValidationError(`Event ${event.id} sells ${itemTypeOf(event)} items, not ${item.itemType}.`);
      }
      if (item.seatId !== undefined && (event.seating !== 'reserved' || itemTypeOf(event) !== 'ticket')) {
        throw new ValidationError(`Event ${event.id} has no numbered seats.`);
      }
      await addTickets(context, {
        event,
        ticketType,
        quantity: item.numberOfTickets ?? 1,
        ...(item.seatId !== undefined ? { seatId: Number(item.seatId) } : {}),
      });
    }
  });
}

/** The catalog version the last cart lock of this process read, per database: what the cache is likely at. */
const lastCatalogVersion = new WeakMap<Database, string>();

/** A partner add that can be sent whole behind the cart's lock: named seats of one event. */
interface NamedSeatsOfEvent {
  event: SaleEvent;
  seats: NamedSeatRequest[];
}

/**
 * The add as one batch of named seats of one event, when every item is a single named seat at a price
 * without rules or maxima, of an event and ticket types already known at the catalog version last seen
 * (nothing is read for them). Anything else, and anything the rules would refuse, takes the usual path,
 * which says why.
 */
async function namedSeatsAtOnce(
  deps: ServiceDeps,
  client: Client,
  items: readonly PartnerCartAddItem[],
  now: Date,
): Promise<NamedSeatsOfEvent | undefined> {
  const version = lastCatalogVersion.get(deps.db);
  const eventId = items[0]?.eventId;
  if (version === undefined || eventId === undefined) return undefined;
  const event = await saleEvent(deps.db, deps.db, client.id, eventId, version);
  if (!event || event.status === 'draft' || event.seating !== 'reserved' || itemTypeOf(event) !== 'ticket') {
    return undefined;
  }
  const ticketTypes = await cachedCatalogAt(deps.db, version, `sale-ticket-types:${event.id}`, () =>
    ticketTypesOfEvent(deps.db, event.id, now, { withUsage: false }),
  );
  const seats: NamedSeatRequest[] = [];
  for (const item of items) {
    const seatId = Number(item.seatId);
    const single = item.seatId !== undefined && Number.isSafeInteger(seatId) && (item.numberOfTickets ?? 1) === 1;
    const ticketType = ticketTypes.find((candidate) => String(candidate.id) === item.priceId);
    const plain =
      ticketType !== undefined &&
      ticketType.rankId === item.rankId &&
      ticketType.maxPerOrder === null &&
      ticketType.maxPerEvent === null &&
      unsellableReason(ticketType, { group: 'partner' }, now) === null;
    const sameKind = item.itemType === undefined || item.itemType === 'ticket';
    if (!single || !plain || !sameKind || item.eventId !== event.id || seats.some((seat) => seat.seatId === seatId)) {
      return undefined;
    }
    seats.push({
      seatId,
      rankId: ticketType.rankId,
      ticketTypeId: ticketType.id,
      priceCents: ticketType.priceCents,
      label: `${event.name} – ${ticketType.rankName}`,
    });
  }
  return { event, seats };
}

/**
 * `addPartnerItems` in one round trip, its commit included: the function partner_add_named_seats (migration
 * 014) locks the cart, holds the seats with their lines and extends the cart. When the lock shows what the
 * hold should have waited for — an unknown, checked-out or lapsed cart, a catalog that moved — or a seat is
 * not held, it all rolls back and this returns undefined: the usual path decides and says why.
 */
async function addNamedSeatsAtOnce(
  deps: ServiceDeps,
  client: Client,
  cartId: string,
  { event, seats }: NamedSeatsOfEvent,
  now: Date,
  expiresAt: Date,
): Promise<{ cart: CartRow; lines: CartLine[] } | undefined> {
  const rows = await sellingStatement<CartLine>(
    deps.db,
    'select * from partner_add_named_seats($1, $2, $3, $4, $5, $6::jsonb, $7::timestamptz, $8::timestamptz)',
    [client.id, cartId, event.catalog_version, event.id, event.hall_id, namedSeatsJson(seats), at(expiresAt), at(now)],
  );
  if (!rows) return undefined;
  const cart: CartRow = {
    id: cartId,
    client_id: client.id,
    expires_at: expiresAt,
    checked_out: false,
    catalog_version: event.catalog_version,
  };
  return { cart, lines: toCartLines(rows) };
}

/**
 * `POST /cart/{cart_id}`: public sub-events only, public ticket types only, best seats always, and never
 * more tickets of the event in the cart than `event_free` allows.
 */
export async function addPublicTickets(
  deps: ServiceDeps,
  client: Client,
  cartId: string,
  body: PublicCartAdd,
): Promise<void> {
  const now = deps.now();
  const expiresAt = holdExpiry(deps, now);
  await sellingTransaction(deps.db, async (tx) => {
    const cart = await openCart(tx, client, cartId, now);
    const subEvent = await findPublicSubEvent(tx, client.id, body.event_id);
    const event = await saleEvent(tx, deps.db, client.id, subEvent.id, cart.catalog_version);
    if (!event) throw new NotFoundError('sub_event not found');
    const ticketType = await ticketTypeOf(tx, deps.db, event, body.discount_id, now);
    const already = await inCart(tx, cart.id, 'event_id', event.id);
    if (already + body.numberoftickets > event.max_per_order) {
      throw new ValidationError(
        `At most ${event.max_per_order} tickets per order for "${event.name}" (${already} in the cart).`,
      );
    }
    const free = publicFreeCount(event.max_per_order, await eventAvailability(tx, event.id, now));
    if (body.numberoftickets > free) {
      throw new ValidationError(`Only ${free} tickets can be ordered for "${event.name}" now.`);
    }
    await addTickets(
      { tx, cart, group: 'public', now, expiresAt },
      { event, ticketType, quantity: body.numberoftickets },
    );
    await extendCart(tx, cart.id, expiresAt);
  });
}

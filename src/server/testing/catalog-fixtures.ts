import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';
import { ensureDemoClients } from './client-fixtures';

/**
 * A small, fully known catalog for the catalog tests, inserted beside whatever the demo seed holds. Ids
 * of productions and events are explicit and far above the seed's, so a test can predict every number
 * (and main/sub-event id clashes happen only where a test makes them on purpose).
 *
 * Clock: all instants are relative to `FIXTURE_NOW`; tests run the service with that clock.
 */
export const FIXTURE_NOW = new Date('2026-06-15T10:00:00Z');

const DAY = 86_400_000;
const at = (offsetMs: number) => new Date(FIXTURE_NOW.getTime() + offsetMs).toISOString();

export interface CatalogFixture {
  clientId: number;
  theatreHallId: number;
  clubHallId: number;
  rank1Id: number;
  rank2Id: number;
  gaRankId: number;
  /** Main events. */
  showId: number;
  gaProductionId: number;
  hiddenProductionId: number;
  /** Sub-events. */
  showEventId: number;
  pastEventId: number;
  lateEventId: number;
  draftEventId: number;
  voucherEventId: number;
  gaEventId: number;
  /** Ticket types of the show event, by role. */
  types: Record<
    | 'full'
    | 'euroOff'
    | 'euroOffBelowZero'
    | 'percentHalfUp'
    | 'fixed'
    | 'tagged'
    | 'notYet'
    | 'expired'
    | 'inWindow'
    | 'maxReached'
    | 'maxNotReached',
    number
  >;
  gaTypeId: number;
  /** Seat ids of the theatre: rank 1 = 10 seats (section Zaal), rank 2 = 4 seats (section Balkon). */
  rank1Seats: number[];
  rank2Seats: number[];
  theatreSectionIds: number[];
}

async function insertId(db: Queryable, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query<{ id: number }>(`${sql} returning id`, params);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`fixture insert returned no id: ${sql}`);
  return id;
}

export async function insertCart(db: Queryable, clientId: number, expiresAt: string): Promise<string> {
  const cartId = randomBytes(18).toString('base64url');
  await db.query('insert into carts (id, client_id, created_at, expires_at) values ($1, $2, $3, $3)', [
    cartId,
    clientId,
    expiresAt,
  ]);
  return cartId;
}

export async function insertOrder(db: Queryable, clientId: number, status = 'ord'): Promise<number> {
  return insertId(
    db,
    `insert into orders (client_id, order_key, status, payment_status, channel, handling_text, order_date,
       amount_cents, last_changed)
     values ($1, $2, $3, 'paid', 'sp', 'Kas', $4, 0, $4)`,
    [clientId, randomBytes(12).toString('base64url'), status, at(-DAY)],
  );
}

/**
 * Creates the catalog for client `demo`. `base` spreads the explicit ids (one fixture per database).
 *
 * Theatre show event (reserved, max 4 per order): rank 1 "Parket" 25.00 with 10 seats, rank 2 "Balkon"
 * 19.86 with 4 seats. Claims (see below) leave rank 1 with 6 available, rank 2 with 1 (its lapsed hold
 * is free again); event_free = min(4, 7) = 4.
 *
 * GA event (club, capacity 50, max 10 per order): 30 order tickets of which 2 deleted (cancelled order),
 * 5 tickets in a live cart, 7 in a lapsed cart, blocks group 5 + press 3.
 * → taken 28 + 5 + 8 = 41, available 9, event_free min(10, 9) = 9.
 */
export async function createCatalogFixture(db: Queryable, base = 700_000): Promise<CatalogFixture> {
  await ensureDemoClients(db);
  const { rows } = await db.query<{ id: number }>("select id from clients where name = 'demo'");
  const clientId = rows[0]?.id;
  if (clientId === undefined) throw new Error('client demo missing');

  const theatreHallId = await insertId(
    db,
    `insert into halls (client_id, name, address, zip, city, seating, capacity)
     values ($1, 'Fixture Theatre', 'Kade 1', '1011 AA', 'Amsterdam', 'reserved', 14)`,
    [clientId],
  );
  const clubHallId = await insertId(
    db,
    `insert into halls (client_id, name, city, seating, capacity) values ($1, 'Fixture Club', 'Utrecht', 'general', 50)`,
    [clientId],
  );
  const rank1Id = await insertId(db, `insert into ranks (hall_id, name, position) values ($1, 'Parket', 1)`, [
    theatreHallId,
  ]);
  const rank2Id = await insertId(db, `insert into ranks (hall_id, name, position) values ($1, 'Balkon', 2)`, [
    theatreHallId,
  ]);
  const gaRankId = await insertId(db, `insert into ranks (hall_id, name, position) values ($1, 'Staanplaats', 1)`, [
    clubHallId,
  ]);
  const zaal = await insertId(db, `insert into sections (hall_id, name, position) values ($1, 'Zaal', 1)`, [
    theatreHallId,
  ]);
  const balkon = await insertId(db, `insert into sections (hall_id, name, position) values ($1, 'Balkon', 2)`, [
    theatreHallId,
  ]);
  const rank1Seats: number[] = [];
  const rank2Seats: number[] = [];
  for (let row = 1; row <= 2; row++) {
    for (let seat = 1; seat <= 5; seat++) {
      rank1Seats.push(
        await insertId(
          db,
          'insert into seats (hall_id, section_id, row_nr, seat_nr, rank_id, quality) values ($1, $2, $3, $4, $5, $6)',
          [theatreHallId, zaal, row, seat, rank1Id, row * 10 + seat],
        ),
      );
    }
  }
  for (let seat = 1; seat <= 4; seat++) {
    rank2Seats.push(
      await insertId(
        db,
        'insert into seats (hall_id, section_id, row_nr, seat_nr, rank_id, quality) values ($1, $2, 1, $3, $4, $5)',
        [theatreHallId, balkon, seat, rank2Id, 100 + seat],
      ),
    );
  }

  const showId = base + 1;
  const gaProductionId = base + 2;
  const hiddenProductionId = base + 3;
  await db.query(
    `insert into productions (id, client_id, title, artist, text, short_text, image, tags) values
       ($2, $1, 'Fixture Show', 'The Fixtures', 'A long text', 'A subtitle', 'https://img.test/show.jpg',
        array[' jazz ', 'live', '  ']),
       ($3, $1, 'GA Night', null, '', '', null, '{}'),
       ($4, $1, 'Hidden Production', 'Nobody', '', '', null, '{}')`,
    [clientId, showId, gaProductionId, hiddenProductionId],
  );

  const showEventId = base + 11;
  const pastEventId = base + 12;
  const lateEventId = base + 13;
  const draftEventId = base + 14;
  const voucherEventId = base + 15;
  const gaEventId = base + 16;
  const insertEvent = (
    id: number,
    productionId: number,
    hallId: number,
    name: string,
    fields: { type: string | null; status?: string; start: string; end: string | null; viewEnd?: string; max?: number },
  ) =>
    db.query(
      `insert into events (id, client_id, production_id, hall_id, name, text, short_text, url, event_type, tags,
         starts_at, ends_at, view_end_at, status, max_per_order)
       values ($1::int, $2, $3, $4, $5::text, $5::text || ' text', $5::text || ' short',
         'https://tickets.test/' || $1::int::text, $6,
         array['theater ', ' avond'], $7, $8, $9, $10, $11)`,
      [
        id,
        clientId,
        productionId,
        hallId,
        name,
        fields.type,
        fields.start,
        fields.end,
        fields.viewEnd ?? null,
        fields.status ?? 'pub',
        fields.max ?? 10,
      ],
    );
  // 2026-06-25 12:00 Amsterdam (UTC+2), ends 14:30, view end 15:00.
  await insertEvent(showEventId, showId, theatreHallId, 'Fixture Show I', {
    type: 'event',
    start: at(10 * DAY),
    end: at(10 * DAY + 2.5 * 3_600_000),
    viewEnd: at(10 * DAY + 3 * 3_600_000),
    max: 4,
  });
  await insertEvent(pastEventId, showId, theatreHallId, 'Fixture Show Past', {
    type: null,
    start: at(-5 * DAY),
    end: null,
  });
  // 2026-06-25T22:30Z = 2026-06-26 00:30 in Amsterdam: a later local date than its UTC date.
  await insertEvent(lateEventId, showId, theatreHallId, 'Fixture Show Late', {
    type: 'event',
    start: at(10 * DAY + 12.5 * 3_600_000),
    end: at(10 * DAY + 14 * 3_600_000),
  });
  await insertEvent(draftEventId, hiddenProductionId, theatreHallId, 'Fixture Draft', {
    type: 'event',
    status: 'draft',
    start: at(12 * DAY),
    end: null,
  });
  await insertEvent(voucherEventId, showId, theatreHallId, 'Fixture Voucher', {
    type: 'voucher',
    start: at(1 * DAY),
    end: null,
  });
  await insertEvent(gaEventId, gaProductionId, clubHallId, 'GA Night I', {
    type: 'event',
    start: at(20 * DAY),
    end: at(20 * DAY + 4 * 3_600_000),
  });

  for (const eventId of [showEventId, pastEventId, lateEventId, draftEventId, voucherEventId]) {
    await db.query('insert into event_prices (event_id, rank_id, amount_cents) values ($1, $2, 2500), ($1, $3, 1986)', [
      eventId,
      rank1Id,
      rank2Id,
    ]);
  }
  await db.query('insert into event_prices (event_id, rank_id, amount_cents) values ($1, $2, 1500)', [
    gaEventId,
    gaRankId,
  ]);

  let position = 0;
  const ticketType = (
    eventId: number,
    rankId: number,
    name: string,
    discountType: string,
    value: number,
    extra: {
      maxPerEvent?: number;
      maxPerOrder?: number;
      from?: string;
      until?: string;
      tag?: string;
    } = {},
  ) =>
    insertId(
      db,
      `insert into ticket_types (event_id, rank_id, name, discount_type, discount_value, max_per_order, max_per_event,
         valid_from, valid_until, required_tag, position)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        eventId,
        rankId,
        name,
        discountType,
        value,
        extra.maxPerOrder ?? null,
        extra.maxPerEvent ?? null,
        extra.from ?? null,
        extra.until ?? null,
        extra.tag ?? null,
        position++,
      ],
    );
  const types: CatalogFixture['types'] = {
    full: await ticketType(showEventId, rank1Id, 'Vol tarief', '€', 0),
    euroOff: await ticketType(showEventId, rank1Id, 'CJP', '€', 500, { maxPerOrder: 2 }),
    euroOffBelowZero: await ticketType(showEventId, rank1Id, 'Vrijkaart', '€', 5000),
    percentHalfUp: await ticketType(showEventId, rank2Id, 'Kwart korting', '%', 2500),
    fixed: await ticketType(showEventId, rank1Id, 'Last minute', '=', 1000),
    tagged: await ticketType(showEventId, rank1Id, 'Vriendenprijs', '€', 1000, { tag: 'vriend' }),
    notYet: await ticketType(showEventId, rank1Id, 'Nog niet', '€', 100, { from: at(DAY) }),
    expired: await ticketType(showEventId, rank1Id, 'Vroegboek', '€', 200, { until: at(-DAY) }),
    inWindow: await ticketType(showEventId, rank1Id, 'Actie', '€', 300, { from: at(-DAY), until: at(DAY) }),
    maxReached: await ticketType(showEventId, rank1Id, 'Beperkt', '€', 400, { maxPerEvent: 2 }),
    maxNotReached: await ticketType(showEventId, rank2Id, 'Beperkt balkon', '€', 400, { maxPerEvent: 3 }),
  };
  const gaTypeId = await ticketType(gaEventId, gaRankId, 'Staan', '€', 0);

  // Show event. Rank 1: seats 0–1 sold (type maxReached, now used 2 of 2), seat 2 blocked (press), seat 3
  // held by a live cart. Rank 2: seat 0 blocked (wheel), seat 1 held by a lapsed cart, seat 2 sold and
  // seat 3 held live (both type maxNotReached: used 2 of 3; the lapsed line would make it 3).
  const order = await insertOrder(db, clientId);
  const sell = async (seatId: number | undefined, rankId: number, typeId: number) => {
    await db.query(
      `insert into order_seats (order_id, event_id, seat_id, rank_id, row_nr, seat_nr, amount_cents, ticket_type_id, price_name)
       values ($1, $2, $3, $4, 1, 1, 2100, $5, 'fixture')`,
      [order, showEventId, seatId, rankId, typeId],
    );
    await db.query(`insert into seat_claims (event_id, seat_id, state, order_id) values ($1, $2, 'sold', $3)`, [
      showEventId,
      seatId,
      order,
    ]);
  };
  const hold = async (
    cartId: string,
    expiresAt: string,
    seatId: number | undefined,
    rankId: number,
    typeId: number,
  ) => {
    await db.query(
      `insert into cart_items (cart_id, item_type, event_id, ticket_type_id, rank_id, seat_id, quantity, amount_cents, description)
       values ($1, 'ticket', $2, $3, $4, $5, 1, 2100, 'fixture')`,
      [cartId, showEventId, typeId, rankId, seatId],
    );
    await db.query(
      `insert into seat_claims (event_id, seat_id, state, cart_id, expires_at) values ($1, $2, 'hold', $3, $4)`,
      [showEventId, seatId, cartId, expiresAt],
    );
  };
  const block = (seatId: number | undefined, blockType: string) =>
    db.query(`insert into seat_claims (event_id, seat_id, state, block_type) values ($1, $2, 'block', $3)`, [
      showEventId,
      seatId,
      blockType,
    ]);
  const liveUntil = at(10 * 60_000);
  const lapsedAt = at(-60_000);
  const liveCart = await insertCart(db, clientId, liveUntil);
  const lapsedCart = await insertCart(db, clientId, lapsedAt);
  await sell(rank1Seats[0], rank1Id, types.maxReached);
  await sell(rank1Seats[1], rank1Id, types.maxReached);
  await block(rank1Seats[2], 'press');
  await hold(liveCart, liveUntil, rank1Seats[3], rank1Id, types.full);
  await block(rank2Seats[0], 'wheel');
  await hold(lapsedCart, lapsedAt, rank2Seats[1], rank2Id, types.maxNotReached);
  await sell(rank2Seats[2], rank2Id, types.maxNotReached);
  await hold(liveCart, liveUntil, rank2Seats[3], rank2Id, types.maxNotReached);

  // GA: 30 order tickets (2 deleted, of a cancelled order), 5 in a live cart, 7 in a lapsed one, 8 blocked.
  const gaOrder = await insertOrder(db, clientId);
  await db.query(
    `insert into order_seats (order_id, event_id, rank_id, amount_cents, ticket_type_id, price_name)
     select $1, $2, $3, 1500, $4, 'Staan' from generate_series(1, 28)`,
    [gaOrder, gaEventId, gaRankId, gaTypeId],
  );
  const cancelled = await insertOrder(db, clientId, 'cancel');
  await db.query(
    `insert into order_seats (order_id, event_id, rank_id, amount_cents, ticket_type_id, price_name, deleted_at)
     select $1, $2, $3, 1500, $4, 'Staan', $5 from generate_series(1, 2)`,
    [cancelled, gaEventId, gaRankId, gaTypeId, at(-DAY)],
  );
  const gaLiveCart = await insertCart(db, clientId, at(5 * 60_000));
  await db.query(
    `insert into cart_items (cart_id, item_type, event_id, ticket_type_id, rank_id, quantity, amount_cents, description)
     values ($1, 'ticket', $2, $3, $4, 5, 7500, 'Staan')`,
    [gaLiveCart, gaEventId, gaTypeId, gaRankId],
  );
  const gaLapsedCart = await insertCart(db, clientId, at(-5 * 60_000));
  await db.query(
    `insert into cart_items (cart_id, item_type, event_id, ticket_type_id, rank_id, quantity, amount_cents, description)
     values ($1, 'ticket', $2, $3, $4, 7, 10500, 'Staan')`,
    [gaLapsedCart, gaEventId, gaTypeId, gaRankId],
  );
  await db.query(`insert into event_blocks (event_id, block_type, count) values ($1, 'group', 5), ($1, 'press', 3)`, [
    gaEventId,
  ]);

  return {
    clientId,
    theatreHallId,
    clubHallId,
    rank1Id,
    rank2Id,
    gaRankId,
    showId,
    gaProductionId,
    hiddenProductionId,
    showEventId,
    pastEventId,
    lateEventId,
    draftEventId,
    voucherEventId,
    gaEventId,
    types,
    gaTypeId,
    rank1Seats,
    rank2Seats,
    theatreSectionIds: [zaal, balkon],
  };
}

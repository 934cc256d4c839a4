import type { Queryable } from '../../db/database';
import { cachedCatalog } from './catalog-cache';

/**
 * The one definition of "taken" for the whole service. Every read of availability (event lists, event
 * detail, seating plans, `event_free`) and every sale decision goes through these functions, so the
 * numbers the partner sees are the numbers selling enforces.
 *
 * Reserved seating (`halls.seating = 'reserved'`): a seat is taken for an event when it has a
 * `seat_claims` row that is live — `sold`, `block`, or a `hold` whose `expires_at` is still after `now`.
 * A lapsed hold is free again (DESIGN.md decision 8) even before anyone cleans it up.
 *
 * General admission (`'general'`): places taken for an event =
 *   ticket lines of orders (`order_seats`, `item_type = 'ticket'`, `deleted_at is null` — seats of
 *   cancelled and trashed orders are marked deleted, so that one rule covers them)
 * + ticket quantities in live carts (`carts.expires_at > now`)
 * + offline blocks (`sum(event_blocks.count)`).
 *
 * `now` is always the request clock, passed to SQL as a parameter (never SQL `now()`), so tests can move
 * time.
 */

/** The SQL condition (over alias `c` of `seat_claims`) for a live claim; `$now` is the request clock. */
export function liveClaimCondition(nowParam: string): string {
  return `(c.state in ('sold', 'block') or (c.state = 'hold' and c.expires_at > ${nowParam}::timestamptz))`;
}

export type HallSeating = 'reserved' | 'general';

export interface RankAvailability {
  rankId: number;
  rankName: string;
  /** Reserved: seats of the hall in this rank. General admission: the hall's capacity (ranks share it). */
  capacity: number;
  /** Capacity minus what is taken (never below 0). Blocked places are never available. */
  available: number;
}

export interface EventAvailability {
  eventId: number;
  hallId: number;
  seating: HallSeating;
  /** Ranks of the hall in position order. */
  ranks: RankAvailability[];
  /**
   * Places that can be sold now. Reserved: sum of the ranks' `available`. General admission: the shared
   * pool (capacity − taken), counted once however many ranks the hall has.
   */
  totalAvailable: number;
}

interface EventHallRow {
  event_id: number;
  hall_id: number;
  seating: HallSeating;
  capacity: number;
}

interface RankRow {
  id: number;
  hall_id: number;
  name: string;
}

const toIso = (now: Date) => now.toISOString();

/**
 * Availability per rank of many events at once (one round of queries, whatever the number of events), for
 * lists. Unknown event ids are simply absent from the map. Does not check the client: callers pass ids
 * they already scoped.
 */
export async function availabilityByRank(
  db: Queryable,
  eventIds: readonly number[],
  now: Date,
): Promise<Map<number, EventAvailability>> {
  const result = new Map<number, EventAvailability>();
  if (eventIds.length === 0) return result;
  const ids = [...new Set(eventIds)];

  const { rows: events } = await db.query<EventHallRow>(
    `select e.id as event_id, h.id as hall_id, h.seating, h.capacity
       from events e join halls h on h.id = e.hall_id
      where e.id = any($1::int[])`,
    [ids],
  );
  if (events.length === 0) return result;
  const hallIds = [...new Set(events.map((e) => e.hall_id))];
  const reservedIds = events.filter((e) => e.seating === 'reserved').map((e) => e.event_id);
  const generalIds = events.filter((e) => e.seating === 'general').map((e) => e.event_id);
  const reservedHallIds = [...new Set(events.filter((e) => e.seating === 'reserved').map((e) => e.hall_id))];

  const [ranks, seatCounts, claimCounts, generalTaken] = await Promise.all([
    db.query<RankRow>('select id, hall_id, name from ranks where hall_id = any($1::int[]) order by position, id', [
      hallIds,
    ]),
    reservedHallIds.length > 0
      ? db.query<{ rank_id: number; n: number }>(
          'select rank_id, count(*)::int as n from seats where hall_id = any($1::int[]) group by rank_id',
          [reservedHallIds],
        )
      : Promise.resolve({ rows: [] as { rank_id: number; n: number }[] }),
    reservedIds.length > 0
      ? db.query<{ event_id: number; rank_id: number; n: number }>(
          `select c.event_id, s.rank_id, count(*)::int as n
             from seat_claims c join seats s on s.id = c.seat_id
            where c.event_id = any($1::int[]) and ${liveClaimCondition('$2')}
            group by c.event_id, s.rank_id`,
          [reservedIds, toIso(now)],
        )
      : Promise.resolve({ rows: [] as { event_id: number; rank_id: number; n: number }[] }),
    generalTakenByEvent(db, generalIds, now),
  ]);

  const ranksByHall = new Map<number, RankRow[]>();
  for (const rank of ranks.rows) {
    const list = ranksByHall.get(rank.hall_id) ?? [];
    list.push(rank);
    ranksByHall.set(rank.hall_id, list);
  }
  const seatsPerRank = new Map(seatCounts.rows.map((r) => [r.rank_id, r.n]));
  const claimsPerEventRank = new Map(claimCounts.rows.map((r) => [`${r.event_id}:${r.rank_id}`, r.n]));

  for (const event of events) {
    const hallRanks = ranksByHall.get(event.hall_id) ?? [];
    if (event.seating === 'reserved') {
      const rankList = hallRanks.map((rank) => {
        const capacity = seatsPerRank.get(rank.id) ?? 0;
        const taken = claimsPerEventRank.get(`${event.event_id}:${rank.id}`) ?? 0;
        return { rankId: rank.id, rankName: rank.name, capacity, available: Math.max(0, capacity - taken) };
      });
      result.set(event.event_id, {
        eventId: event.event_id,
        hallId: event.hall_id,
        seating: 'reserved',
        ranks: rankList,
        totalAvailable: rankList.reduce((sum, r) => sum + r.available, 0),
      });
    } else {
      const available = Math.max(0, event.capacity - (generalTaken.get(event.event_id) ?? 0));
      result.set(event.event_id, {
        eventId: event.event_id,
        hallId: event.hall_id,
        seating: 'general',
        ranks: hallRanks.map((rank) => ({
          rankId: rank.id,
          rankName: rank.name,
          capacity: event.capacity,
          available,
        })),
        totalAvailable: available,
      });
    }
  }
  return result;
}

/** Availability of one event, or undefined when the event does not exist. */
export async function eventAvailability(
  db: Queryable,
  eventId: number,
  now: Date,
): Promise<EventAvailability | undefined> {
  return (await availabilityByRank(db, [eventId], now)).get(eventId);
}

/**
 * Places taken per general-admission event: order tickets + live cart tickets + offline blocks. Events
 * with nothing taken are absent (read as 0).
 */
export async function generalTakenByEvent(
  db: Queryable,
  eventIds: readonly number[],
  now: Date,
): Promise<Map<number, number>> {
  const taken = new Map<number, number>();
  if (eventIds.length === 0) return taken;
  const { rows } = await db.query<{ event_id: number; n: number }>(
    `select event_id, sum(n)::int as n from (
        select os.event_id, count(*) as n
          from order_seats os
         where os.event_id = any($1::int[]) and os.item_type = 'ticket' and os.deleted_at is null
         group by os.event_id
        union all
        select ci.event_id, sum(ci.quantity) as n
          from cart_items ci join carts k on k.id = ci.cart_id
         where ci.event_id = any($1::int[]) and ci.item_type = 'ticket' and k.expires_at > $2::timestamptz
         group by ci.event_id
        union all
        select b.event_id, sum(b.count) as n
          from event_blocks b
         where b.event_id = any($1::int[])
         group by b.event_id
     ) parts group by event_id`,
    [eventIds, toIso(now)],
  );
  for (const row of rows) taken.set(row.event_id, row.n);
  return taken;
}

/** The nine block types of spec 2.8, in the spec's order, with their Dutch labels. */
export const BLOCK_TYPES = [
  { blockType: 'blockCapaciteit', blockName: 'Capaciteitsblokkade' },
  { blockType: 'perfBespeler', blockName: 'Bespeler' },
  { blockType: 'ext', blockName: 'Extern verkocht' },
  { blockType: 'group', blockName: 'Gasten' },
  { blockType: 'press', blockName: 'Pers' },
  { blockType: 'wheel', blockName: 'Rolstoelplaats' },
  { blockType: 'tech', blockName: 'Techniek' },
  { blockType: 'theat', blockName: 'Theaterreservering' },
  { blockType: 'sight', blockName: 'Beperkt zicht' },
] as const;

export interface BlockCount {
  blockType: string;
  blockName: string;
  count: number;
}

/**
 * Blocked places of one event by block type: all nine types of spec 2.8 always (count 0 when none), plus
 * any other type found in the data (labelled with its own code). Reserved halls count `block` claims;
 * general-admission halls count `event_blocks`. A block never lapses, so `now` is not needed.
 */
export async function blockCounts(db: Queryable, eventId: number): Promise<BlockCount[]> {
  const { rows } = await db.query<{ block_type: string; n: number }>(
    `select block_type, sum(n)::int as n from (
        select c.block_type, count(*) as n from seat_claims c
         where c.event_id = $1 and c.state = 'block' group by c.block_type
        union all
        select b.block_type, sum(b.count) as n from event_blocks b
         where b.event_id = $1 group by b.block_type
     ) parts group by block_type`,
    [eventId],
  );
  const counts = new Map(rows.map((r) => [r.block_type, r.n]));
  const known: BlockCount[] = BLOCK_TYPES.map(({ blockType, blockName }) => ({
    blockType,
    blockName,
    count: counts.get(blockType) ?? 0,
  }));
  const knownTypes = new Set<string>(BLOCK_TYPES.map((b) => b.blockType));
  const other = rows
    .filter((r) => !knownTypes.has(r.block_type))
    .map((r) => ({ blockType: r.block_type, blockName: r.block_type, count: r.n }));
  return [...known, ...other];
}

/**
 * `event_free` of the public group (DESIGN.md decision 10): the sub-event's per-order maximum, capped by
 * what can still be sold. Blocked places are never counted (they are taken). It hides the real capacity
 * whenever more than `maxPerOrder` places are left.
 */
export function publicFreeCount(maxPerOrder: number, availability: EventAvailability | undefined): number {
  return Math.max(0, Math.min(maxPerOrder, availability?.totalAvailable ?? 0));
}

/** Seats per hall: static layout, read once per catalog version. */
function seatsPerHall(db: Queryable): Promise<Map<number, number>> {
  return cachedCatalog(db, 'seats-per-hall', async () => {
    const { rows } = await db.query<{ hall_id: number; n: number }>(
      'select hall_id, count(*)::int as n from seats group by hall_id',
    );
    return new Map(rows.map((row) => [row.hall_id, row.n]));
  });
}

/**
 * `event_free` of many events at once — the same number as `publicFreeCount` over `availabilityByRank`,
 * for lists: only totals per event (no per-rank join), with the halls' seat counts from the catalog
 * cache. Unknown event ids are absent.
 */
export async function publicFreeCounts(
  db: Queryable,
  eventIds: readonly number[],
  now: Date,
): Promise<Map<number, number>> {
  const free = new Map<number, number>();
  if (eventIds.length === 0) return free;
  const ids = [...new Set(eventIds)];
  const { rows } = await db.query<{
    event_id: number;
    hall_id: number;
    seating: HallSeating;
    capacity: number;
    max_per_order: number;
  }>(
    `select e.id as event_id, h.id as hall_id, h.seating, h.capacity, e.max_per_order
       from events e join halls h on h.id = e.hall_id
      where e.id = any($1::int[])`,
    [ids],
  );
  const reserved = rows.filter((row) => row.seating === 'reserved').map((row) => row.event_id);
  const general = rows.filter((row) => row.seating === 'general').map((row) => row.event_id);
  const [hallSeats, claims, generalTaken] = await Promise.all([
    seatsPerHall(db),
    reserved.length > 0
      ? db.query<{ event_id: number; n: number }>(
          `select c.event_id, count(*)::int as n from seat_claims c
            where c.event_id = any($1::int[]) and ${liveClaimCondition('$2')}
            group by c.event_id`,
          [reserved, toIso(now)],
        )
      : Promise.resolve({ rows: [] as { event_id: number; n: number }[] }),
    generalTakenByEvent(db, general, now),
  ]);
  const claimed = new Map(claims.rows.map((row) => [row.event_id, row.n]));
  for (const row of rows) {
    const available =
      row.seating === 'reserved'
        ? (hallSeats.get(row.hall_id) ?? 0) - (claimed.get(row.event_id) ?? 0)
        : row.capacity - (generalTaken.get(row.event_id) ?? 0);
    free.set(row.event_id, Math.max(0, Math.min(row.max_per_order, available)));
  }
  return free;
}

/**
 * The seat ids of an event that are taken now (reserved seating), for seating plans and seat choice.
 * Returned as a Set; one array aggregate keeps it to a single row however many seats are taken.
 */
export async function takenSeatIds(db: Queryable, eventId: number, now: Date): Promise<Set<number>> {
  return (await liveClaims(db, eventId, now)).taken;
}

/**
 * The taken seats of an event now, and when that changes by itself: the first instant one of the live
 * holds lapses (null when none is held). Until then only a write to the event's claims changes the set.
 */
export async function liveClaims(
  db: Queryable,
  eventId: number,
  now: Date,
): Promise<{ taken: Set<number>; nextLapse: Date | null }> {
  const { rows } = await db.query<{ ids: number[] | null; next_lapse: Date | string | null }>(
    `select array_agg(c.seat_id) as ids, min(c.expires_at) filter (where c.state = 'hold') as next_lapse
       from seat_claims c where c.event_id = $1 and ${liveClaimCondition('$2')}`,
    [eventId, toIso(now)],
  );
  const nextLapse = rows[0]?.next_lapse ?? null;
  return { taken: new Set(rows[0]?.ids ?? []), nextLapse: nextLapse === null ? null : new Date(nextLapse) };
}

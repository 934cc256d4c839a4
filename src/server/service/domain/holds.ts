import type { Queryable } from '../../db/database';
import { liveClaimCondition } from './availability';
import { at } from './selling-transaction';

/**
 * Seat holds. A seat is claimed by inserting its `seat_claims` row, whose primary key (event, seat) lets
 * only one claim exist: the database, not a read in code, decides who gets a seat. An existing claim is
 * taken over only when it is a hold that has lapsed; sold and blocked seats are never taken. The rows
 * returned say which seats this cart got.
 */
export async function claimSeats(
  tx: Queryable,
  eventId: number,
  seatIds: readonly number[],
  cartId: string,
  expiresAt: Date,
  now: Date,
): Promise<Set<number>> {
  if (seatIds.length === 0) return new Set();
  // Always in ascending seat order, so two carts claiming overlapping seats wait for each other instead of
  // deadlocking.
  const sorted = [...new Set(seatIds)].sort((a, b) => a - b);
  const { rows } = await tx.query<{ seat_id: number }>(
    `insert into seat_claims (event_id, seat_id, state, cart_id, expires_at)
     select $1::int, s, 'hold', $3, $4::timestamptz from unnest($2::int[]) with ordinality as u(s, n) order by n
     on conflict (event_id, seat_id) do update
        set state = 'hold', cart_id = excluded.cart_id, order_id = null, block_type = null,
            expires_at = excluded.expires_at
      where seat_claims.state = 'hold' and seat_claims.expires_at <= $5::timestamptz
     returning seat_id`,
    [eventId, sorted, cartId, at(expiresAt), at(now)],
  );
  return new Set(rows.map((row) => row.seat_id));
}

export interface NamedSeatHold {
  /** The seat is in the event's hall (otherwise nothing else is set). */
  found: boolean;
  rankId?: number;
  rowNr?: number;
  seatNr?: number;
  /** This cart holds it now, and its cart line was added. */
  held: boolean;
}

export interface NamedSeatRequest {
  seatId: number;
  /** The rank of the ticket type: the seat is claimed only when it is of this rank. */
  rankId: number;
  ticketTypeId: number;
  priceCents: number;
  /** The line's description before ` – row …, seat …`. */
  label: string;
}

/**
 * Holds given seats of one event for a cart and adds their cart lines, in one statement whatever their
 * number: each seat is looked up in the hall, claimed when it is of its ticket type's rank (the same
 * conditional insert as `claimSeats`, in ascending seat order), and its line inserted (in request order)
 * only when the claim succeeded (the function hold_named_seats, migration 014, which the plain partner add
 * calls too). Returns, in request order, what happened to each, so the caller can name
 * the rule that failed; a failed add rolls back its transaction. Seat ids must be distinct: one statement
 * cannot claim a seat twice.
 *
 * The seats come as one JSON array rather than as parallel arrays: PostgreSQL estimates `unnest` of an
 * array parameter from its length when planning for the values at hand, so the plan for the values always
 * looked cheaper than the reusable (generic) one and the statement was planned again on every call
 * (0.6 ms, a third of its time). A JSON record set is estimated the same either way, so the prepared
 * statement keeps its generic plan.
 */
export async function holdNamedSeats(
  tx: Queryable,
  input: { eventId: number; hallId: number; cartId: string; expiresAt: Date; seats: readonly NamedSeatRequest[] },
  now: Date,
): Promise<NamedSeatHold[]> {
  const { seats } = input;
  if (seats.length === 0) return [];
  const { rows } = await tx.query<{
    n: number;
    rank_id: number | null;
    row_nr: number;
    seat_nr: number;
    held: boolean;
  }>(
    'select n, rank_id, row_nr, seat_nr, held from hold_named_seats($1::jsonb, $2, $3, $4, $5::timestamptz, $6::timestamptz)',
    [namedSeatsJson(seats), input.hallId, input.eventId, input.cartId, at(input.expiresAt), at(now)],
  );
  return rows.map((row) =>
    row.rank_id === null
      ? { found: false, held: false }
      : { found: true, rankId: row.rank_id, rowNr: row.row_nr, seatNr: row.seat_nr, held: row.held },
  );
}

/** The seats of holdNamedSeats as hold_named_seats takes them: one JSON array, in request order. */
export function namedSeatsJson(seats: readonly NamedSeatRequest[]): string {
  return JSON.stringify(
    seats.map((seat, index) => ({
      n: index + 1,
      seat_id: seat.seatId,
      rank_id: seat.rankId,
      ticket_type_id: seat.ticketTypeId,
      price_cents: seat.priceCents,
      label: seat.label,
    })),
  );
}

/** Serialises the decisions that count places of one event (GA capacity, per-event discount maxima). */
export async function lockEvent(tx: Queryable, eventId: number): Promise<void> {
  await tx.query('select id from events where id = $1 for update', [eventId]);
}

export interface CandidateSeat {
  id: number;
  section_id: number;
  row_nr: number;
  seat_nr: number;
  quality: number;
}

/** Free seats of a rank for an event, best (lowest quality) first; at most `limit`. */
async function freeSeats(
  tx: Queryable,
  eventId: number,
  hallId: number,
  rankId: number,
  exclude: readonly number[],
  limit: number,
  now: Date,
): Promise<CandidateSeat[]> {
  const { rows } = await tx.query<CandidateSeat>(
    `select s.id, s.section_id, s.row_nr, s.seat_nr, s.quality
       from seats s
      where s.hall_id = $1 and s.rank_id = $2 and s.id <> all($4::int[])
        and not exists (select 1 from seat_claims c where c.event_id = $3 and c.seat_id = s.id and ${liveClaimCondition('$5')})
      order by s.quality, s.section_id, s.row_nr, s.seat_nr
      limit $6`,
    [hallId, rankId, eventId, exclude, at(now), limit],
  );
  return rows;
}

/**
 * The best `count` seats among the candidates: the adjacent run (same section and row, consecutive seat
 * numbers) with the lowest total quality; when no row has such a run, simply the best seats.
 */
export function chooseBestSeats(candidates: readonly CandidateSeat[], count: number): CandidateSeat[] {
  if (count <= 1 || candidates.length < count) return candidates.slice(0, count);
  const rows = new Map<string, CandidateSeat[]>();
  for (const seat of candidates) {
    const key = `${seat.section_id}:${seat.row_nr}`;
    const list = rows.get(key) ?? [];
    list.push(seat);
    rows.set(key, list);
  }
  let best: { seats: CandidateSeat[]; score: number } | undefined;
  for (const list of rows.values()) {
    list.sort((a, b) => a.seat_nr - b.seat_nr);
    for (let start = 0; start + count <= list.length; start += 1) {
      const window = list.slice(start, start + count);
      const first = window[0] as CandidateSeat;
      const last = window[count - 1] as CandidateSeat;
      if (last.seat_nr - first.seat_nr !== count - 1) continue;
      const score = window.reduce((sum, seat) => sum + seat.quality, 0);
      if (!best || score < best.score) best = { seats: window, score };
    }
  }
  return best ? best.seats : candidates.slice(0, count);
}

/**
 * Holds the best available `count` seats of a rank. Competing carts may take a chosen seat first; the
 * seats this cart did get are kept and the rest is chosen again from what is still free, until it has
 * them all or none are left. Returns the seats held (fewer than `count` when the rank ran out; the caller
 * then rolls back).
 */
export async function holdBestSeats(
  tx: Queryable,
  input: { eventId: number; hallId: number; rankId: number; count: number; cartId: string; expiresAt: Date },
  now: Date,
): Promise<number[]> {
  const held: number[] = [];
  while (held.length < input.count) {
    const wanted = input.count - held.length;
    const candidates = await freeSeats(
      tx,
      input.eventId,
      input.hallId,
      input.rankId,
      held,
      Math.max(200, wanted * 20),
      now,
    );
    if (candidates.length === 0) break;
    const chosen = chooseBestSeats(candidates, wanted).map((seat) => seat.id);
    const got = await claimSeats(tx, input.eventId, chosen, input.cartId, input.expiresAt, now);
    held.push(...chosen.filter((id) => got.has(id)));
  }
  return held;
}

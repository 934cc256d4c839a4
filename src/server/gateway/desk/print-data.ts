import type { PrintData } from '@/contract/desk';
import { findOrderInExport } from '@/contract/find-order-in-export';
import { UpstreamUnavailableError } from '../errors';

/**
 * What an order's tickets and receipt print, read from the service: the order (`GET /partner/order/{id}`), its
 * seats, channel and fee from the orders export (spec 2.11: the seats are export fields only), and the
 * performances, halls and sections of those seats. Read leniently: it is the service's answer.
 */

/** A JSON read below `/v1/{client_name}`: null for a 404. */
export type ServiceRead = (method: 'GET' | 'POST', pathAndQuery: string, body?: unknown) => Promise<unknown>;

type Raw = Record<string, unknown>;

const recordOf = (value: unknown): Raw | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Raw) : null;
const numberOf = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};
export const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A page of the orders export or list as the search reads it, each row with its raw fields. */
function pageOf(value: unknown) {
  const page = recordOf(value);
  const data = listOf(page?.data).flatMap((item) => {
    const row = recordOf(item);
    const orderId = numberOf(row?.orderId);
    return row && orderId !== null ? [{ orderId, lastChanged: textOf(row.lastChanged), row }] : [];
  });
  return { data, last_page: Math.max(1, numberOf(page?.last_page) ?? 1) };
}

/** A read that may fail without failing the print: a performance, hall or plan left out is named as unknown. */
async function optional(read: () => Promise<unknown>): Promise<Raw | null> {
  try {
    return recordOf(await read());
  } catch (error) {
    // The service answered, but not with it (unreachable fails the print).
    if (error instanceof UpstreamUnavailableError && error.upstreamStatus !== null) return null;
    throw error;
  }
}

interface Performance {
  eventId: number;
  name: string;
  start: string;
  hallName: string | null;
}

/**
 * The performances of `eventIds` with their halls' names, and the sections of the order's seats (`seatKeys`:
 * `eventId:seatId`) on their plans — not of the whole hall.
 */
async function performancesOf(read: ServiceRead, eventIds: readonly number[], seatKeys: ReadonlySet<string>) {
  const events = await Promise.all(eventIds.map((id) => optional(() => read('GET', `/partner/event/${id}`))));
  const hallIds = [...new Set(events.flatMap((event) => numberOf(event?.hallId) ?? []))];
  const halls = await Promise.all(hallIds.map((id) => optional(() => read('GET', `/partner/hall/${id}`))));
  const hallNames = new Map(hallIds.map((id, index) => [id, textOf(halls[index]?.hallName) || null]));
  const plans = await Promise.all(eventIds.map((id) => optional(() => read('GET', `/partner/seating/${id}`))));
  const performances: Performance[] = events.flatMap((event, index) =>
    event
      ? [
          {
            eventId: eventIds[index] as number,
            name: textOf(event.eventName),
            start: textOf(event.start),
            hallName: hallNames.get(numberOf(event.hallId) ?? -1) ?? null,
          },
        ]
      : [],
  );
  const sections = plans.flatMap((plan, index) => {
    const eventId = eventIds[index] as number;
    return listOf(plan?.sections).flatMap((section) =>
      listOf(recordOf(section)?.rows).flatMap((row) =>
        listOf(recordOf(row)?.seats).flatMap((seat) => {
          const seatId = textOf(recordOf(seat)?.seatId);
          return seatKeys.has(`${eventId}:${seatId}`)
            ? [{ eventId, seatId, section: textOf(recordOf(section)?.sectionName) }]
            : [];
        }),
      ),
    );
  });
  return { performances, sections };
}

/** The order's row of the orders export, searched from the order's own lastChanged; null when not found. */
async function exportRowOf(read: ServiceRead, orderId: number, lastChanged: string, signal: AbortSignal) {
  const found = await findOrderInExport(
    { orderId, lastChanged },
    async (page) =>
      pageOf(
        await read(
          'POST',
          `/partner/export/orders?changedSince=${encodeURIComponent(lastChanged)}${page > 1 ? `&page=${page}` : ''}`,
          { changedSince: lastChanged },
        ),
      ),
    signal,
  );
  return found?.row ?? null;
}

/** The print data of an order, without the sale (the trail's); null when the service has no such order. */
export async function readPrintData(
  read: ServiceRead,
  orderId: number,
  signal: AbortSignal,
): Promise<Omit<PrintData<Raw>, 'sale'> | null> {
  const order = recordOf(await read('GET', `/partner/order/${orderId}`));
  if (!order) return null;
  const row = await exportRowOf(read, orderId, textOf(order.lastChanged), signal);
  const seats = listOf(row?.seats);
  const eventIds = [...new Set(seats.flatMap((seat) => numberOf(recordOf(seat)?.eventId) ?? []))];
  const seatKeys = new Set(seats.map((seat) => `${textOf(recordOf(seat)?.eventId)}:${textOf(recordOf(seat)?.seatId)}`));
  const { performances, sections } = await performancesOf(read, eventIds, seatKeys);
  return {
    // The order as `GET /partner/order/{id}` has it, with the export's channel, fee and seats.
    order: { ...order, orderChannel: row?.orderChannel ?? '', fee: row?.fee ?? 0, seats },
    seatsFound: row !== null,
    performances,
    sections,
  };
}

import type { QueryClient } from '@tanstack/react-query';
import { eventQueries } from '../../lib/queries/event-queries';
import { seatPlanQueries } from '../../lib/queries/seat-plan-queries';
import type { PartnerCartItem } from '../../lib/schemas/partner-cart';
import { seatInfoOf } from './plan-tickets';

/** What a cart line does not say of itself: its event's name and start, and its seat's section. */
export interface LineContext {
  eventName: string | null;
  start: string | null;
  section: string | null;
}

/**
 * Reads a cart line's context from what the desk already read into the query cache: the event the seller opened,
 * and its seat plan. A cart item names neither the date (two performances of one show read alike) nor the section
 * (Parterre row 3 seat 1 and Balkon 1 row 3 seat 1). Nothing is asked of the service; what was not read stays null.
 * One reader per render: the plans' seat indexes are made once per event.
 */
export function lineContextReader(
  queryClient: QueryClient,
): (item: Pick<PartnerCartItem, 'eventId' | 'seatId'>) => LineContext {
  const seatsByEvent = new Map<number, ReturnType<typeof seatInfoOf>>();
  const seatsOf = (eventId: number) => {
    let seats = seatsByEvent.get(eventId);
    if (!seats) {
      const plan = queryClient.getQueryData(seatPlanQueries.detail(eventId).queryKey);
      seats = plan ? seatInfoOf(plan) : new Map();
      seatsByEvent.set(eventId, seats);
    }
    return seats;
  };
  return (item) => {
    if (!item.eventId) return { eventName: null, start: null, section: null };
    const event = queryClient.getQueryData(eventQueries.detail(item.eventId).queryKey);
    return {
      eventName: event?.eventName ?? null,
      start: event?.start ?? null,
      section: item.seatId ? (seatsOf(item.eventId).get(item.seatId)?.sectionName ?? null) : null,
    };
  };
}

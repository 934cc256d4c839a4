import { useQueries, useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { eventQueries } from '../../lib/queries/event-queries';
import { seatPlanQueries } from '../../lib/queries/seat-plan-queries';
import { boxOfficeMessages } from './box-office-messages';
import type { CartLineView } from './cart-model';
import { lineContextReader } from './line-context';

/** A cart line's start ("10 dec 2026 20:15") and seat with its section ("Balkon 1, rij 3, stoel 1"), as shown. */
export interface LineDetails {
  when: string | null;
  seat: string | null;
}

/**
 * How the desk names a line's performance date and seat: two dates of one show, or one row and seat in two
 * sections, read alike without them. From the query cache (line-context.ts). `lines`: the lines of a cart the desk
 * may not have read the performances of (a cart kept over a reload, with a performance other than the one open):
 * their performance, and its plan for a seat, are read once, and shown as soon as they are there — a walkthrough's
 * cart, reloaded, read "Normaal · rij 9, stoel 5" without its date or section.
 */
export function useLineDetails(lines: readonly CartLineView[] = []): (line: CartLineView) => LineDetails {
  const queryClient = useQueryClient();
  const events = [...new Set(lines.flatMap((line) => (line.eventId ? [line.eventId] : [])))];
  const seated = [...new Set(lines.flatMap((line) => (line.eventId && line.seatId ? [line.eventId] : [])))];
  // Kept as long as the page lives: a line's date and section do not change under it.
  useQueries({
    queries: [
      ...events.map((eventId) => ({ ...eventQueries.detail(eventId), staleTime: Number.POSITIVE_INFINITY })),
      ...seated.map((eventId) => ({
        ...seatPlanQueries.detail(eventId),
        staleTime: Number.POSITIVE_INFINITY,
        refetchInterval: false as const,
        refetchOnWindowFocus: false,
      })),
    ],
  });
  const t = useMessages(boxOfficeMessages);
  const { locale } = useLocale();
  const contextOf = lineContextReader(queryClient);
  return (line) => {
    const { start, section } = contextOf(line);
    const place = line.seat ? { row: line.seat.rowNr, seat: line.seat.seatNr } : null;
    return {
      when: start ? formatDateTime(start, locale) : null,
      seat: place ? (section ? t('lineSectionSeat', { section, ...place }) : t('lineSeat', place)) : null,
    };
  };
}

import { useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
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
 * sections, read alike without them. From the query cache (line-context.ts): what the desk has not read is left out.
 */
export function useLineDetails(): (line: CartLineView) => LineDetails {
  const queryClient = useQueryClient();
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

import type { ShiftStatus } from '@/contract/shift';
import type { Locale } from '../../lib/format';

/** The shifts' pure pieces for the pages: times at the desk, the difference of a count. */

/** Counted minus expected, for the drawer and the terminal apart and together (null until both are counted). */
export function countDifference(
  expected: { cashCents: number; cardCents: number },
  counted: { cashCents: number | null; cardCents: number | null },
): { cashCents: number; cardCents: number; totalCents: number } | null {
  if (counted.cashCents === null || counted.cardCents === null) return null;
  const cashCents = counted.cashCents - expected.cashCents;
  const cardCents = counted.cardCents - expected.cardCents;
  return { cashCents, cardCents, totalCents: cashCents + cardCents };
}

const zoned = new Map<string, Intl.DateTimeFormat>();

/** A moment as the desk saw it: in the shift's time zone, whatever the reader's; `time` for the time alone. */
export function formatAtDesk(value: string, locale: Locale, timeZone: string, part: 'dateTime' | 'time' = 'dateTime') {
  const key = `${locale}|${timeZone}|${part}`;
  let format = zoned.get(key);
  if (!format) {
    const style: Intl.DateTimeFormatOptions =
      part === 'time' ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' };
    try {
      format = new Intl.DateTimeFormat(locale, { ...style, timeZone });
    } catch {
      format = new Intl.DateTimeFormat(locale, style);
    }
    zoned.set(key, format);
  }
  return format.format(new Date(value));
}

export const STATUS_COLORS: Record<ShiftStatus, string> = {
  open: 'blue',
  closed: 'orange',
  'signed-off': 'green',
};

/** The sign of a difference in words a desk uses: short (less counted), over (more), or even. */
export function differenceKind(cents: number): 'short' | 'over' | 'even' {
  return cents < 0 ? 'short' : cents > 0 ? 'over' : 'even';
}

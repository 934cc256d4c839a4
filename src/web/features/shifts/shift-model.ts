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

/** A moment as the desk saw it: in the shift's time zone, whatever the reader's. */
export function formatAtDesk(value: string, locale: Locale, timeZone: string): string {
  const key = `${locale}|${timeZone}`;
  let format = zoned.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
    } catch {
      format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
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

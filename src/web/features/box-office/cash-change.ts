import { tenderOf } from '@/contract/tender';

/**
 * Change for a cash sale: what the buyer handed over, what goes back. In cents throughout, so € 0.10 + € 0.20
 * stays € 0.30.
 */

/** Whether the seller counts change with `method`: cash, into the drawer (told by its name, as the shifts do). */
export const takesCash = (method: { name: string } | undefined): boolean =>
  method !== undefined && tenderOf(method.name, false) === 'cash';

/** Notes and round amounts a buyer hands over, in cents. */
const ROUND_AMOUNTS = [500, 1_000, 2_000, 5_000, 10_000] as const;
/** Enough buttons to cover nearly every handover, few enough to take in at a glance. */
const MAX_SUGGESTIONS = 3;

/**
 * The amounts a buyer is likely to hand over for `totalCents`, above it: the total rounded up to the next 5, 10,
 * 20, 50 and 100 euros, without repeats, smallest first (€ 37.50 → € 40, € 50, € 100). "Exact" is its own choice.
 */
export function likelyTenders(totalCents: number): number[] {
  const rounded = ROUND_AMOUNTS.map((step) => Math.ceil(totalCents / step) * step).filter(
    (amount) => amount > totalCents,
  );
  return [...new Set(rounded)].sort((a, b) => a - b).slice(0, MAX_SUGGESTIONS);
}

export type CashChange =
  /** Nothing entered: the buyer pays the exact amount. */
  | { kind: 'exact' }
  | { kind: 'change'; changeCents: number }
  /** Less than the total: the sale cannot be paid with it. */
  | { kind: 'short'; shortCents: number };

/** What `tenderedCents` (null: nothing entered) leaves for a total of `totalCents`. */
export function cashChange(totalCents: number, tenderedCents: number | null): CashChange {
  if (tenderedCents === null) return { kind: 'exact' };
  if (tenderedCents < totalCents) return { kind: 'short', shortCents: totalCents - tenderedCents };
  return { kind: 'change', changeCents: tenderedCents - totalCents };
}

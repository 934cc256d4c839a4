/** Money in the pages: amounts held in whole cents (so € 0.10 + € 0.20 stays € 0.30), shown in euros. */

export const eurosOf = (cents: number) => cents / 100;

/** An amount in euros (as the service sends it: 37.5) in whole cents; negative amounts (a refund) stay negative. */
export const toCents = (amount: number): number => Math.round(amount * 100);

/**
 * What a money field (components/money-input.tsx) holds, in cents: Mantine's NumberInput gives a number, or ''
 * when empty; null when nothing (or nothing sensible) was entered.
 */
export function centsOf(value: number | string | null | undefined): number | null {
  if (value === '' || value === null || value === undefined) return null;
  const amount = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
  if (!Number.isFinite(amount) || amount < 0) return null;
  return Math.round(amount * 100);
}

/**
 * What a money field holds for an amount in cents: two decimals as a numeric string ("50.00"), which the field
 * shows as "€ 50,00" (a number would show as "€ 50").
 */
export const moneyFieldValue = (cents: number): string => (cents / 100).toFixed(2);

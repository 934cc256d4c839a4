/** Money is integer cents inside (DESIGN.md decision 11). */

/** Public decimals: a string with two decimals, `"12.50"`. */
export function centsToDecimalString(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Partner decimals: a JSON number, `12.5`. */
export function centsToNumber(cents: number): number {
  return cents / 100;
}

/** `"12.5"`, `"12,50"` or `12.5` → 1250; null when it is not a decimal with at most two decimals. */
export function decimalToCents(value: string | number): number | null {
  const text = String(value).trim().replace(',', '.');
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return match[1] === '-' ? -cents : cents;
}

/** A percentage (in basis points) off a price, rounded half up to the cent. */
export function percentOff(baseCents: number, basisPoints: number): number {
  const discount = Math.floor((baseCents * basisPoints + 5000) / 10000);
  return Math.max(0, baseCents - discount);
}

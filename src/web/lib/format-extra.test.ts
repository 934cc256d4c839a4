import { describe, expect, it } from 'vitest';
import { formatCompactMoney } from './format-extra';

// Intl writes a non-breaking space between € and the amount in Dutch.
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('formatCompactMoney', () => {
  it('writes whole euros below a million, as the rest of a Dutch page does (the axis read "€ 100K")', () => {
    expect(plain(formatCompactMoney(100_000, 'nl-NL'))).toBe('€ 100.000');
    expect(plain(formatCompactMoney(950, 'nl-NL'))).toBe('€ 950');
    expect(formatCompactMoney(250_000, 'en-GB')).toBe('€250,000');
  });

  it('shortens millions', () => {
    expect(plain(formatCompactMoney(1_500_000, 'nl-NL'))).toBe('€ 1,5 mln.');
    expect(formatCompactMoney(1_500_000, 'en-GB')).toBe('€1.5m');
  });
});

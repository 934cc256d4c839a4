import { describe, expect, it } from 'vitest';
import { fullPrice, priceLevelsByRank, rankPriceText } from './seat-info';

const levels = [
  { priceId: '1', rankId: 1, name: 'Normaal', amount: 45 },
  { priceId: '2', rankId: 1, name: 'CJP', amount: 30 },
  { priceId: '3', rankId: 2, name: 'Normaal', amount: 25 },
];

describe('rank prices', () => {
  it('groups price levels per rank, cheapest first, and names the full price', () => {
    const byRank = priceLevelsByRank(levels);
    expect(byRank.get(1)?.map((level) => level.name)).toEqual(['CJP', 'Normaal']);
    expect(fullPrice(byRank.get(1))).toBe(45);
    expect(fullPrice(undefined)).toBe(0);
  });

  it('says a rank price in euros through Intl: one amount, or the full price and from the cheapest', () => {
    const byRank = priceLevelsByRank(levels);
    expect(rankPriceText(byRank.get(2), 'nl-NL', 'vanaf')).toBe('€\u00a025,00');
    expect(rankPriceText(byRank.get(1), 'en-GB', 'from')).toBe('€45.00 (from €30.00)');
    expect(rankPriceText([], 'nl-NL', 'vanaf')).toBeNull();
  });
});

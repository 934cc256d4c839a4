import { describe, expect, it } from 'vitest';
import { eventPriceSchema } from '../../lib/schemas/partner-event';
import { buildPriceMatrix } from './price-matrix';

const labels = { fallbackPriceName: 'Standaard', rankLabel: (id: number | null) => `Rang ${id}` };
const price = (value: Record<string, unknown>) => eventPriceSchema.parse(value);

describe('buildPriceMatrix', () => {
  it('lays the long form out as price name × rank, ranks in rank order, gaps as null', () => {
    const matrix = buildPriceMatrix(
      [
        price({ priceId: 'a2', priceName: 'Normaal', rankId: 2, rankName: '2e rang', amount: 20 }),
        price({ priceId: 'a1', priceName: 'Normaal', rankId: 1, rankName: '1e rang', amount: 30 }),
        price({ priceId: 'b1', priceName: 'CJP', rankId: 1, rankName: '1e rang', amount: 25 }),
      ],
      labels,
    );
    expect(matrix.ranks.map((rank) => rank.rankName)).toEqual(['1e rang', '2e rang']);
    expect(matrix.rows).toEqual([
      { priceName: 'Normaal', amounts: [30, 20] },
      { priceName: 'CJP', amounts: [25, null] },
    ]);
  });

  it('puts the short form in one row, naming ranks from availability or a fallback', () => {
    const matrix = buildPriceMatrix(
      [price({ rankId: 1, amount: '12.50' }), price({ rankId: 3, amount: 9 })],
      labels,
      new Map([[1, 'Zaal']]),
    );
    expect(matrix.ranks.map((rank) => rank.rankName)).toEqual(['Zaal', 'Rang 3']);
    expect(matrix.rows).toEqual([{ priceName: 'Standaard', amounts: [12.5, 9] }]);
  });
});

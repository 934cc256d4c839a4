import type { EventPrice } from '../../lib/schemas/partner-event';

export interface PriceMatrix {
  /** Columns: the ranks, in rank order. */
  ranks: Array<{ rankId: number | null; rankName: string }>;
  /** Rows: one per price name; `amounts[i]` is the amount for `ranks[i]`, null where that price has none. */
  rows: Array<{ priceName: string; amounts: Array<number | null> }>;
}

/**
 * Price name × rank → amount, from either price form of spec 2.8. The short form `{ rankId, amount }` has no
 * price name: those prices form one row under `fallbackPriceName`. A rank without a name takes `rankLabel`.
 */
export function buildPriceMatrix(
  prices: readonly EventPrice[],
  labels: { fallbackPriceName: string; rankLabel: (rankId: number | null) => string },
  rankNames: ReadonlyMap<number, string> = new Map(),
): PriceMatrix {
  const rankKey = (price: EventPrice) =>
    price.rankId !== null ? `id:${price.rankId}` : `name:${price.rankName ?? ''}`;
  const ranks = new Map<string, { rankId: number | null; rankName: string }>();
  const rowNames: string[] = [];
  const cells = new Map<string, number>();
  for (const price of prices) {
    const key = rankKey(price);
    if (!ranks.has(key)) {
      const name =
        price.rankName ??
        (price.rankId !== null ? rankNames.get(price.rankId) : undefined) ??
        labels.rankLabel(price.rankId);
      ranks.set(key, { rankId: price.rankId, rankName: name });
    }
    const rowName = price.priceName ?? labels.fallbackPriceName;
    if (!rowNames.includes(rowName)) rowNames.push(rowName);
    // The first amount wins when a service repeats a cell.
    if (!cells.has(`${rowName}\u0000${key}`)) cells.set(`${rowName}\u0000${key}`, price.amount);
  }
  const rankEntries = [...ranks.entries()].sort(
    ([, a], [, b]) => (a.rankId ?? Number.MAX_SAFE_INTEGER) - (b.rankId ?? Number.MAX_SAFE_INTEGER),
  );
  return {
    ranks: rankEntries.map(([, rank]) => rank),
    rows: rowNames.map((priceName) => ({
      priceName,
      amounts: rankEntries.map(([key]) => cells.get(`${priceName}\u0000${key}`) ?? null),
    })),
  };
}

import { formatMoney, type Locale } from '../../lib/format';
import type { PriceLevel } from '../../lib/schemas/seat-plan';

/** Price levels per rank, cheapest first. */
export function priceLevelsByRank(levels: readonly PriceLevel[]): Map<number, PriceLevel[]> {
  const byRank = new Map<number, PriceLevel[]>();
  for (const level of levels) {
    const list = byRank.get(level.rankId) ?? [];
    list.push(level);
    byRank.set(level.rankId, list);
  }
  for (const list of byRank.values()) list.sort((a, b) => a.amount - b.amount);
  return byRank;
}

/**
 * A rank's price in a few words: "€ 45,00" for one level; the full price (the most expensive level, usually
 * "Normaal") and "from" the cheapest otherwise, e.g. "€ 45,00 (vanaf € 30,00)". Null without any price level.
 */
export function rankPriceText(
  levels: readonly PriceLevel[] | undefined,
  locale: Locale,
  fromWord: string,
): string | null {
  if (!levels || levels.length === 0) return null;
  const cheapest = levels[0] as PriceLevel;
  const dearest = levels[levels.length - 1] as PriceLevel;
  if (cheapest.amount === dearest.amount) return formatMoney(dearest.amount, locale);
  return `${formatMoney(dearest.amount, locale)} (${fromWord} ${formatMoney(cheapest.amount, locale)})`;
}

/** The highest price of a rank (what a seat costs at the full price), or 0 without prices. */
export function fullPrice(levels: readonly PriceLevel[] | undefined): number {
  if (!levels || levels.length === 0) return 0;
  return (levels[levels.length - 1] as PriceLevel).amount;
}

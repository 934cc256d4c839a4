/**
 * Edit distance between `term` and the closest prefix of `token` (insertions, deletions, substitutions
 * and swaps of neighbours), or `max + 1` when it is more than `max`. "jnase" is 2 from "jansen"'s prefix
 * "janse"; "jansne" is 1 (a swap).
 */
export function prefixDistance(term: string, token: string, max: number, rows: Int32Array[]): number {
  const m = term.length;
  const n = Math.min(token.length, m + max);
  if (n < m - max) return max + 1;
  // rows: previous-previous, previous, current (for the swap rule).
  let before = rows[0] as Int32Array;
  let previous = rows[1] as Int32Array;
  let current = rows[2] as Int32Array;
  for (let j = 0; j <= n; j++) previous[j] = j;
  for (let i = 1; i <= m; i++) {
    current[0] = i;
    let rowMin = i;
    const a = term.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const b = token.charCodeAt(j - 1);
      const cost = a === b ? 0 : 1;
      let value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a === token.charCodeAt(j - 2) && term.charCodeAt(i - 2) === b) {
        value = Math.min(value, (before[j - 2] as number) + 1);
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    const spare = before;
    before = previous;
    previous = current;
    current = spare;
  }
  // The term may end anywhere in the token: the best of the last row (over prefixes of length ≥ m - max).
  let best = max + 1;
  for (let j = Math.max(0, m - max); j <= n; j++) best = Math.min(best, previous[j] as number);
  return best;
}

/**
 * One page of a newest-first timeline that several tables feed (a customer's story): where the page before it
 * stopped, as each table's query reads it. The last item shown was at `at`; a table ranked after that item's
 * table takes every row at `at` still (`all`), one ranked before it none (`none`), and that item's own table the
 * rows at `at` with a lower id. Times travel as the database's own text of a timestamptz, so no microsecond is
 * lost on the way through the browser.
 */
export interface TimeBound {
  at: string;
  sameAt: 'all' | 'none' | { idBelow: number };
}

/**
 * The condition of `bound` over `timeColumn` (and `idColumn`), its values pushed onto `params`; `true` for the
 * first page (no bound).
 */
export function beforeBound(timeColumn: string, idColumn: string, bound: TimeBound | null, params: unknown[]): string {
  if (!bound) return 'true';
  params.push(bound.at);
  const at = `$${params.length}::timestamptz`;
  if (bound.sameAt === 'all') return `${timeColumn} <= ${at}`;
  if (bound.sameAt === 'none') return `${timeColumn} < ${at}`;
  params.push(bound.sameAt.idBelow);
  return `(${timeColumn}, ${idColumn}) < (${at}, $${params.length}::bigint)`;
}

/**
 * The text a bound is made from, for `column`: UTC with microseconds (`2026-05-01T19:30:00.000000Z`), so texts of
 * different tables compare as strings and read back as the same timestamptz.
 */
export const boundText = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

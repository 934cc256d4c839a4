import type { Queryable } from '../database';

/** Rows per statement: big enough to amortise the round trip, small enough for PGlite's memory. */
const CHUNK_ROWS = 8000;

/**
 * Inserts rows with a handful of statements: each chunk travels as one JSON parameter and is expanded by
 * json_populate_recordset, which maps keys to columns by name (arrays and jsonb included). Works the same
 * on PGlite and PostgreSQL, with no COPY support needed.
 */
export async function bulkInsert(db: Queryable, table: string, rows: readonly object[]): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first).join(', ');
  const sql = `insert into ${table} (${columns}) select ${columns} from json_populate_recordset(null::${table}, $1::json)`;
  for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
    await db.query(sql, [JSON.stringify(rows.slice(start, start + CHUNK_ROWS))]);
  }
}

/** After explicit ids, the sequences must continue past them. */
export async function syncSequences(db: Queryable, tables: readonly string[]): Promise<void> {
  const statements = tables.map(
    (table) =>
      `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`,
  );
  await db.query(statements.join(' union all '));
}

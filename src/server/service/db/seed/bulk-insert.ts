import type { Queryable } from '@/server/db/database';

/** Rows per statement: big enough to amortise the round trip, small enough for PGlite's memory. */
const CHUNK_ROWS = 10_000;

interface Column {
  name: string;
  /** information_schema udt_name: int4, text, timestamptz, jsonb, _text … */
  type: string;
}

/** Column types of every table of the schema, read once (information_schema is slow on PGlite). */
export async function loadColumnTypes(db: Queryable): Promise<Map<string, Map<string, string>>> {
  const { rows } = await db.query<{ table_name: string; column_name: string; type_name: string }>(
    `select c.relname as table_name, a.attname as column_name, t.typname as type_name
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid
       join pg_type t on t.oid = a.atttypid
      where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r' and a.attnum > 0
        and not a.attisdropped`,
  );
  const tables = new Map<string, Map<string, string>>();
  for (const row of rows) {
    const columns = tables.get(row.table_name) ?? new Map<string, string>();
    columns.set(row.column_name, row.type_name);
    tables.set(row.table_name, columns);
  }
  return tables;
}

function columnsOf(types: Map<string, Map<string, string>>, table: string, names: string[]): Column[] {
  return names.map((name) => {
    const type = types.get(table)?.get(name);
    if (!type) throw new Error(`bulk insert: ${table} has no column ${name}`);
    return { name, type };
  });
}

/** A PostgreSQL array literal of text elements, quoted so any character survives. */
function textArrayLiteral(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

function parameterFor(column: Column, rows: readonly Record<string, unknown>[]): unknown[] {
  return rows.map((row) => {
    const value = row[column.name];
    if (value === null || value === undefined) return null;
    if (column.type === 'jsonb' || column.type === 'json') return JSON.stringify(value);
    if (column.type.startsWith('_')) return textArrayLiteral(value as string[]);
    return value;
  });
}

/** How a column travels: one array parameter per column, unnested together, cast back where needed. */
function selectExpression(column: Column, index: number): { parameter: string; value: string } {
  const nested = column.type === 'jsonb' || column.type === 'json' || column.type.startsWith('_');
  return {
    parameter: `$${index + 1}::${nested ? 'text' : column.type}[]`,
    value: nested
      ? `c${index}::${column.type.startsWith('_') ? `${column.type.slice(1)}[]` : column.type}`
      : `c${index}`,
  };
}

/**
 * Inserts rows with a handful of statements: each chunk travels as one array parameter per column and is
 * expanded by unnest (arrays and jsonb as text, cast back). Far fewer round trips and parse work than
 * row-by-row inserts or one JSON document, and the same on PGlite and PostgreSQL.
 */
export async function bulkInsert(
  db: Queryable,
  types: Map<string, Map<string, string>>,
  table: string,
  rows: readonly object[],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = columnsOf(types, table, Object.keys(first));
  const expressions = columns.map(selectExpression);
  const sql = `insert into ${table} (${columns.map((c) => c.name).join(', ')})
    select ${expressions.map((e) => e.value).join(', ')}
      from unnest(${expressions.map((e) => e.parameter).join(', ')}) as u(${columns.map((_, i) => `c${i}`).join(', ')})`;
  for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
    const chunk = rows.slice(start, start + CHUNK_ROWS) as Record<string, unknown>[];
    await db.query(
      sql,
      columns.map((column) => parameterFor(column, chunk)),
    );
  }
}

/**
 * Foreign-key checks run as row triggers, one lookup per row and key: most of a bulk load's time. The
 * loaded tables' foreign keys are dropped and added back after the load, which checks each of them once
 * with a single join (so a broken reference still fails the seed). Unlike disabling triggers this needs
 * no superuser and leaves other triggers (the catalog version) firing. Returns the statements that add
 * them back.
 */
export async function dropForeignKeys(tx: Queryable, tables: readonly string[]): Promise<string[]> {
  const { rows } = await tx.query<{ name: string; table_name: string; definition: string }>(
    `select c.conname as name, c.conrelid::regclass::text as table_name, pg_get_constraintdef(c.oid) as definition
       from pg_constraint c
      where c.contype = 'f' and c.connamespace = current_schema()::regnamespace
        and c.conrelid::regclass::text = any($1::text[])
      order by c.conname`,
    [tables],
  );
  for (const row of rows) await tx.query(`alter table ${row.table_name} drop constraint ${row.name}`);
  return rows.map((row) => `alter table ${row.table_name} add constraint ${row.name} ${row.definition}`);
}

/**
 * Secondary indexes (not those behind primary keys or unique constraints) are dropped before the load and
 * rebuilt after it: one sorted build is much cheaper than maintaining them row by row. Read from the
 * catalog, so indexes added by later migrations are handled too. Returns the statements that rebuild them.
 */
export async function dropSecondaryIndexes(tx: Queryable, tables: readonly string[]): Promise<string[]> {
  const { rows } = await tx.query<{ name: string; definition: string }>(
    `select i.indexname as name, i.indexdef as definition
       from pg_indexes i
      where i.schemaname = current_schema() and i.tablename = any($1::text[])
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [tables],
  );
  for (const row of rows) await tx.query(`drop index ${row.name}`);
  return rows.map((row) => row.definition);
}

/**
 * Triggers with transition tables (the change counters of migration 004, checked-out carts of 005) make
 * PostgreSQL keep a copy of every inserted row for the statement: a third of a bulk load's time, for
 * counters nobody reads yet. They are disabled for the load (owner rights suffice, unlike disabling all
 * triggers) and enabled again after it; the caller then moves the `*` counter once, so any response a
 * process prepared before the load is rebuilt. Returns the statements that enable them again.
 */
export async function disableTransitionTriggers(tx: Queryable, tables: readonly string[]): Promise<string[]> {
  const { rows } = await tx.query<{ name: string; table_name: string }>(
    `select t.tgname as name, t.tgrelid::regclass::text as table_name
       from pg_trigger t
      where not t.tgisinternal and (t.tgnewtable is not null or t.tgoldtable is not null)
        and t.tgrelid::regclass::text = any($1::text[])
      order by t.tgname`,
    [tables],
  );
  for (const row of rows) await tx.query(`alter table ${row.table_name} disable trigger ${row.name}`);
  return rows.map((row) => `alter table ${row.table_name} enable trigger ${row.name}`);
}

/** After explicit ids, the sequences must continue past them. */
export async function syncSequences(db: Queryable, tables: readonly string[]): Promise<void> {
  const statements = tables.map(
    (table) =>
      `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`,
  );
  await db.query(statements.join(' union all '));
}

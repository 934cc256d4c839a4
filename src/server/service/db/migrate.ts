import { readdir, readFile } from 'node:fs/promises';
import type { Database } from './database';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
// Any constant: several processes starting on one PostgreSQL take turns migrating.
const MIGRATION_LOCK = 7_311_042;

/** Applies the forward-only SQL migrations that this database has not seen yet, in file-name order. */
export async function migrate(db: Database): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(
      'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
    );
    const done = new Set(
      (await tx.query<{ name: string }>('select name from schema_migrations')).rows.map((r) => r.name),
    );
    const applied: string[] = [];
    for (const name of files) {
      if (done.has(name)) continue;
      const sql = await readFile(new URL(name, MIGRATIONS_DIR), 'utf8');
      await tx.exec(sql);
      await tx.query('insert into schema_migrations (name) values ($1)', [name]);
      applied.push(name);
    }
    return applied;
  });
}

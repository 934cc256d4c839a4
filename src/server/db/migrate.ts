import { readdir, readFile } from 'node:fs/promises';
import type { Database } from './database';

export interface MigrationSet {
  /** Folder of `NNN_name.sql` files, applied in file-name order. */
  dir: URL;
  /** Table (schema-qualified where needed) that records the applied files. */
  table: string;
  /** Advisory lock id: several processes starting on one PostgreSQL take turns migrating. */
  lock: number;
  /** Statements run before the table is created (e.g. `create schema`). */
  prelude?: string;
}

/**
 * Applies the forward-only SQL migrations of `set` that this database has not seen yet, in file-name order.
 * The service and the gateway each keep their own set (service/db/service-migrations.ts,
 * gateway/store/gateway-store.ts).
 */
export async function migrate(db: Database, set: MigrationSet): Promise<string[]> {
  const files = (await readdir(set.dir)).filter((name) => name.endsWith('.sql')).sort();
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock($1)', [set.lock]);
    if (set.prelude) await tx.exec(set.prelude);
    await tx.query(
      `create table if not exists ${set.table} (name text primary key, applied_at timestamptz not null default now())`,
    );
    const done = new Set((await tx.query<{ name: string }>(`select name from ${set.table}`)).rows.map((r) => r.name));
    const applied: string[] = [];
    for (const name of files) {
      if (done.has(name)) continue;
      const sql = await readFile(new URL(name, set.dir), 'utf8');
      await tx.exec(sql);
      await tx.query(`insert into ${set.table} (name) values ($1)`, [name]);
      applied.push(name);
    }
    return applied;
  });
}

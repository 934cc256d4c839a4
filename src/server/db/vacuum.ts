import type { Database } from './database';

/**
 * PGlite runs no autovacuum. After a bulk load (the demo seed) or a migration that rewrote rows, one VACUUM
 * marks the pages all-visible and sets their hint bits, as autovacuum would on a server. Without it the
 * first reads do that page by page (a first full load of 100,000 customers wrote the whole table back), and
 * the planner cannot scan an index alone (the export's page boundaries sorted the table instead).
 * Returns the milliseconds it took; null on PostgreSQL, whose autovacuum sees to it.
 */
export async function vacuumEmbedded(db: Database): Promise<number | null> {
  if (db.kind !== 'pglite') return null;
  const started = performance.now();
  await db.exec('vacuum');
  return Math.round(performance.now() - started);
}

import type { Database } from '../database';

export interface SeedOptions {
  /** 'demo' is the full data set of DESIGN.md; 'test' the same shapes at a small size for fast tests. */
  scale?: 'demo' | 'test';
  /** Number of customers of the demo client (default 20,000). */
  customers?: number | undefined;
}

/**
 * Seeds the deterministic demo data on an empty database. Returns what it made, or null when the database
 * already held clients. (Filled in by the demo-data work; for now it creates the two demo clients.)
 */
export async function seedIfEmpty(db: Database, options: SeedOptions = {}): Promise<Record<string, number> | null> {
  void options;
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from clients');
  if ((rows[0]?.n ?? 0) > 0) return null;
  return {};
}

/** Seeds the demo data into an empty database (see seedIfEmpty). */
export async function seedDemo(db: Database, options: SeedOptions = {}): Promise<Record<string, number>> {
  void db;
  void options;
  return {};
}

/**
 * Seeds the demo data and prints the time per table: `npx tsx src/server/bench/seed-timing.ts`.
 * Options (environment): SCALE=demo|test (default demo), SEED_CUSTOMERS, TARGET=pglite-memory|pglite-file|
 * postgres|all (default all), DATABASE_URL (use that server instead of starting a throwaway one).
 * Also measures a restart on the seeded data (migrate + seedIfEmpty), which must stay cheap.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase } from '../db/connect';
import { vacuumEmbedded } from '../db/vacuum';
import { seedDemo, seedIfEmpty } from '../service/db/seed/seed';
import { migrateService } from '../service/db/service-migrations';
import { findPostgresBinaries, startPostgresServer } from '../testing/postgres-server';

const scale = process.env.SCALE === 'test' ? 'test' : 'demo';
const customers = process.env.SEED_CUSTOMERS ? Number(process.env.SEED_CUSTOMERS) : undefined;
const target = process.env.TARGET ?? 'all';

const ms = (value: number) => `${Math.round(value).toString().padStart(6)} ms`;

async function measure(label: string, connect: { databaseUrl?: string; dataDir?: string }): Promise<void> {
  console.log(`\n== ${label} (${scale} scale${customers ? `, ${customers} customers` : ''})`);
  const started = performance.now();
  const db = await connectDatabase(connect);
  await migrateService(db);
  const opened = performance.now();
  console.log(`${'open + migrate'.padEnd(24)} ${ms(opened - started)}`);
  const counts = await seedDemo(db, {
    scale,
    customers,
    onProgress: (step, rows, took) => console.log(`${step.padEnd(24)} ${ms(took)}  ${rows ? `${rows} rows` : ''}`),
  });
  const vacuumMs = await vacuumEmbedded(db);
  if (vacuumMs !== null) console.log(`${'vacuum (embedded)'.padEnd(24)} ${ms(vacuumMs)}`);
  const seeded = performance.now();
  await db.close();
  console.log(`${'close'.padEnd(24)} ${ms(performance.now() - seeded)}`);
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  console.log(`${'seed total'.padEnd(24)} ${ms(seeded - opened)}  ${total} rows`);
  console.log(`${'first start total'.padEnd(24)} ${ms(seeded - started)}`);
  if (connect.dataDir || connect.databaseUrl) {
    const restartStarted = performance.now();
    const again = await connectDatabase(connect);
    await migrateService(again);
    const result = await seedIfEmpty(again, { scale });
    const restarted = performance.now();
    await again.close();
    console.log(
      `${'restart (open+migrate+check)'.padEnd(24)} ${ms(restarted - restartStarted)}  seeded again: ${result !== null}`,
    );
  }
}

async function main(): Promise<void> {
  if (target === 'all' || target === 'pglite-memory') await measure('PGlite in memory', {});
  if (target === 'all' || target === 'pglite-file') {
    const dataDir = await mkdtemp(join(tmpdir(), 'foyer-seed-'));
    try {
      await measure('PGlite in DATA_DIR', { dataDir });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  if (target === 'all' || target === 'postgres') {
    if (process.env.DATABASE_URL) {
      await measure('PostgreSQL (DATABASE_URL)', { databaseUrl: process.env.DATABASE_URL });
    } else if (!findPostgresBinaries()) {
      console.log('\nPostgreSQL binaries not found: skipped');
    } else {
      const server = await startPostgresServer();
      try {
        await measure('PostgreSQL (throwaway server)', { databaseUrl: server.url });
      } finally {
        await server.stop();
      }
    }
  }
}

await main();

import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { PGlite as PGliteInstance } from '@electric-sql/pglite';
import { connectDatabase } from '../db/connect';
import type { Database } from '../db/database';
import { migrateGateway } from '../gateway/store';
import { seedDemo } from '../service/db/seed/seed';
import { migrateService } from '../service/db/service-migrations';

const run = promisify(execFile);

/**
 * Migrating and seeding a fresh database for every test service costs seconds (PGlite's in-memory initdb
 * alone is most of it). The global setup therefore prepares one migrated, test-scale-seeded database per
 * kind, and each test service starts from a copy: a copy of the PGlite template's folder, opened on disk (also
 * the DATA_DIR of the fault tests' processes), or `CREATE DATABASE ... TEMPLATE` on PostgreSQL. An empty PGlite
 * database is loaded from a dump.
 */

/**
 * What a copy of the template holds: the service's schema and test-scale demo data, and the gateway's store
 * migrated (empty). Nearly every gateway test opens its gateway in its service's database, and applying the
 * gateway's 40-odd migrations there cost ~0.65 s of CPU per test service on PGlite (and as much of the
 * server's on PostgreSQL); `openGateway` now finds them applied. Tests of a migration run it on a database of
 * their own (createEmptyDatabase) or re-run its statements, as before.
 */
async function migrateAndSeed(db: Database): Promise<void> {
  await migrateService(db);
  await seedDemo(db, { scale: 'test' });
  await migrateGateway(db);
}

/**
 * Writes a dump of a fresh PGlite data directory, nothing in it yet, to `file`: what `connectDatabase({})`
 * opens, without its initdb (3–5 s of CPU each time; loading the dump takes under one).
 */
export async function buildEmptyPgliteTemplate(file: string): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create();
  const dump = await dumpAfterCheckpoint(pglite);
  await pglite.close();
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
}

/**
 * Builds a migrated, seeded PGlite database (migrateAndSeed), starting from the empty template's dump, in `dir`: a
 * folder holding `pgdata`, as a DATA_DIR does, shut down cleanly.
 */
export async function buildPgliteTemplate(dir: string, emptyTemplate: string): Promise<void> {
  const db = await connectDatabase({ dataDir: dir, loadDataDir: await loadPgliteTemplate(emptyTemplate) });
  await migrateAndSeed(db);
  await db.close();
}

/**
 * A copy of the template folder `template` (buildPgliteTemplate) in `into`, or else in a new folder beside it, for
 * one database to open on disk; the caller removes it. Opening a copy took 0.62-0.65 s, against 1.12-1.35 s for loading the dump into
 * PGlite's memory (three rounds side by side, 32 MB of buffers): unpacking 69 MB of tar into the in-memory file
 * system was half of it. `cp` copies the 1,500 files natively; Node's own `cp` walks them in JavaScript at twice
 * the cost.
 */
export async function copyPgliteTemplate(template: string, into?: string): Promise<string> {
  const copy = into ?? (await mkdtemp(`${template}-copy-`));
  await mkdir(copy, { recursive: true });
  await run('cp', ['-r', join(template, 'pgdata'), join(copy, 'pgdata')]);
  return copy;
}

/**
 * A dump taken from a running PGlite, which a copy opens as after a crash: it replays the log from the last
 * checkpoint. Taken right after one, there is nothing to replay (a copy of the seeded database, when it was loaded
 * from a dump too, opened in 0.98-1.41 s of CPU instead of 1.10-1.59 s, three rounds side by side).
 */
async function dumpAfterCheckpoint(pglite: PGliteInstance): Promise<Blob> {
  await pglite.exec('checkpoint');
  return pglite.dumpDataDir('none');
}

/**
 * A template's dump as PGlite's `loadDataDir` reads it: its bytes, handed over whole. A Node Blob made of them
 * copies them in, and PGlite's `arrayBuffer()` on it reads them out again through a stream and joins the chunks:
 * for the seeded database's 69 MB dump, which each test service loaded then, about a second of CPU of the 2.4 s
 * it took to open, and 118 s of the 603 s the server suites' workers spent busy (CPU profile of a whole run).
 */
class TemplateDump extends Blob {
  readonly #bytes: ArrayBuffer;

  constructor(bytes: Buffer) {
    super();
    // readFile's buffer is its own (not a slice of Node's shared pool), so this is no copy.
    this.#bytes =
      bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
        ? (bytes.buffer as ArrayBuffer)
        : (bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  }

  override get size(): number {
    return this.#bytes.byteLength;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes);
  }
}

export async function loadPgliteTemplate(file: string): Promise<Blob> {
  return new TemplateDump(await readFile(file));
}

/** Creates database `name` on the server of `adminUrl`, migrated and seeded at test scale (migrateAndSeed). */
export async function buildPostgresTemplate(adminUrl: string, name: string): Promise<void> {
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await connectDatabase({ databaseUrl: url.toString(), poolSize: 1 });
  try {
    await migrateAndSeed(db);
  } finally {
    await db.close();
  }
}

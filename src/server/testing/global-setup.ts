import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildEmptyPgliteTemplate, buildPgliteTemplate, buildPostgresTemplate } from './database-templates';
import { findPostgresBinaries, isProcessAlive, type PostgresServer, startPostgresServer } from './postgres-server';

declare module 'vitest' {
  interface ProvidedContext {
    /** Superuser URL of the PostgreSQL server started for this run; empty when there is none. */
    testPostgresUrl: string;
    /** Folder holding a migrated, seeded PGlite `pgdata`, for copyPgliteTemplate; empty when it could not be built. */
    testPgliteTemplate: string;
    /** File holding a dumped PGlite data directory fresh from initdb; empty when it could not be built. */
    testPgliteEmpty: string;
    /** Name of the migrated, seeded template database on the PostgreSQL server; empty when none. */
    testPostgresTemplate: string;
  }
}

const POSTGRES_TEMPLATE = 'foyer_template';
const TEMPLATES_DIR_PREFIX = 'foyer-test-templates-';

/** Template directories of runs killed before their teardown (each holds a ~40 MB dump). */
async function removeAbandonedTemplateDirs(): Promise<void> {
  const names = (await readdir(tmpdir())).filter((name) => name.startsWith(TEMPLATES_DIR_PREFIX));
  for (const name of names) {
    const dir = join(tmpdir(), name);
    const owner = Number(await readFile(join(dir, 'owner.pid'), 'utf8').catch(() => 'NaN'));
    if (Number.isInteger(owner) && owner > 0 && !isProcessAlive(owner)) await rm(dir, { recursive: true, force: true });
  }
}

const warn = (message: string) => console.warn(`[foyer test setup] ${message}`);
const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Vitest global setup for the server project.
 *
 * 1. Starts one throwaway PostgreSQL server (when its binaries are installed) so every suite written
 *    with `describeEachDatabase` also runs on a real server. Its URL reaches the test workers through
 *    `provide` and TEST_POSTGRES_URL. With REQUIRE_POSTGRES=1 (CI) a missing server is an error, never a
 *    silent PGlite-only run.
 * 2. Prepares a migrated, seeded template database per kind, which `createTestService` copies instead of
 *    migrating and seeding each time. When a template cannot be built, the services seed themselves (and
 *    the tests show the seeding error).
 * 3. Dumps an empty PGlite data directory, which `createEmptyDatabase` copies instead of running initdb.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const required = process.env.REQUIRE_POSTGRES === '1';
  let server: PostgresServer | undefined;
  // An explicitly given server (e.g. a developer's own) wins over starting one; it gets no template.
  const given = process.env.TEST_POSTGRES_URL;
  if (!given) {
    if (findPostgresBinaries()) {
      try {
        server = await startPostgresServer();
      } catch (error) {
        if (required) throw error;
        warn(`${describeError(error)}; server suites run on PGlite only.`);
      }
    } else if (required) {
      throw new Error(
        'REQUIRE_POSTGRES=1 but the PostgreSQL server binaries (initdb, pg_ctl) were not found. ' +
          'Install Debian\'s "postgresql" package (see .ci/run).',
      );
    } else {
      warn('PostgreSQL binaries not found: server suites run on PGlite only.');
    }
  }
  const postgresUrl = given ?? server?.url ?? '';
  if (postgresUrl) process.env.TEST_POSTGRES_URL = postgresUrl;
  project.provide('testPostgresUrl', postgresUrl);

  await removeAbandonedTemplateDirs().catch(() => undefined);
  const templates = await mkdtemp(join(tmpdir(), TEMPLATES_DIR_PREFIX));
  await writeFile(join(templates, 'owner.pid'), String(process.pid));
  const pgliteTemplate = join(templates, 'pglite-seeded');
  const pgliteEmpty = join(templates, 'pglite-empty.tar');

  const [[emptyReady, pgliteReady], postgresReady] = await Promise.all([
    buildEmptyPgliteTemplate(pgliteEmpty).then(
      () =>
        buildPgliteTemplate(pgliteTemplate, pgliteEmpty).then(
          () => [true, true] as const,
          (error: unknown) => {
            warn(`PGlite template not built (${describeError(error)}); each test service seeds itself.`);
            return [true, false] as const;
          },
        ),
      (error: unknown) => {
        warn(`PGlite templates not built (${describeError(error)}); each test database runs initdb and seeds itself.`);
        return [false, false] as const;
      },
    ),
    server
      ? buildPostgresTemplate(server.url, POSTGRES_TEMPLATE).then(
          () => true,
          (error: unknown) => {
            warn(`PostgreSQL template not built (${describeError(error)}); each test service seeds itself.`);
            return false;
          },
        )
      : Promise.resolve(false),
  ]);
  project.provide('testPgliteTemplate', pgliteReady ? pgliteTemplate : '');
  project.provide('testPgliteEmpty', emptyReady ? pgliteEmpty : '');
  project.provide('testPostgresTemplate', postgresReady ? POSTGRES_TEMPLATE : '');

  return async () => {
    if (server) {
      delete process.env.TEST_POSTGRES_URL;
      await server.stop();
    }
    await rm(templates, { recursive: true, force: true });
  };
}

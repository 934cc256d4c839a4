import type { TestProject } from 'vitest/node';
import { findPostgresBinaries, type PostgresServer, startPostgresServer } from './postgres-server';

declare module 'vitest' {
  interface ProvidedContext {
    /** Superuser URL of the PostgreSQL server started for this run; empty when there is none. */
    testPostgresUrl: string;
  }
}

/**
 * Vitest global setup for the server project: starts one throwaway PostgreSQL server (when its binaries
 * are installed) so every suite written with `describeEachDatabase` also runs on a real server. Its URL
 * reaches the test workers through `provide` and TEST_POSTGRES_URL. With REQUIRE_POSTGRES=1 (CI) a
 * missing server is an error, never a silent PGlite-only run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const required = process.env.REQUIRE_POSTGRES === '1';
  // An explicitly given server (e.g. a developer's own) wins over starting one.
  const given = process.env.TEST_POSTGRES_URL;
  if (given) {
    project.provide('testPostgresUrl', given);
    return async () => {};
  }
  if (!findPostgresBinaries()) {
    if (required) {
      throw new Error(
        'REQUIRE_POSTGRES=1 but the PostgreSQL server binaries (initdb, pg_ctl) were not found. ' +
          'Install Debian\'s "postgresql" package (see .ci/run).',
      );
    }
    console.warn('[foyer] PostgreSQL binaries not found: server suites run on PGlite only.');
    project.provide('testPostgresUrl', '');
    return async () => {};
  }
  let server: PostgresServer;
  try {
    server = await startPostgresServer();
  } catch (error) {
    if (required) throw error;
    console.warn(
      `[foyer] ${error instanceof Error ? error.message : String(error)}; server suites run on PGlite only.`,
    );
    project.provide('testPostgresUrl', '');
    return async () => {};
  }
  process.env.TEST_POSTGRES_URL = server.url;
  project.provide('testPostgresUrl', server.url);
  return async () => {
    delete process.env.TEST_POSTGRES_URL;
    await server.stop();
  };
}

import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * The server under test, as `npm start` runs it, on a fresh temporary DATA_DIR with the demo data. The app
 * is built into the same temporary directory (main.ts builds what is missing), so each run tests the
 * current source and parallel runs never share a build; E2E_APP_DIR reuses a build instead (quick local
 * loops: `npm run build && E2E_APP_DIR=dist/web npm run test:e2e`). Everything is removed on exit.
 */
const root = resolve(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'foyer-e2e-'));
// Port 0: the system picks a free port, so parallel runs never clash; the start-up line names it and
// Playwright reads the URL from there (webServer.wait in the config).
const port = process.env.E2E_PORT ?? '0';
const appDir = process.env.E2E_APP_DIR ? resolve(root, process.env.E2E_APP_DIR) : join(dir, 'web');
// E2E_DATA_DIR: a data folder kept after the exit (the template of e2e/support/own-server.ts); E2E_DATA_FROM: a
// stopped server's data folder to start from, copied (migrated and seeded already: a start without either).
const dataDir = process.env.E2E_DATA_DIR ?? join(dir, 'data');
if (process.env.E2E_DATA_FROM) cpSync(process.env.E2E_DATA_FROM, dataDir, { recursive: true });
// Named before the start-up line, so Playwright reads them too: a spec that starts a server of its own
// (box-office.spec.ts) serves this build instead of building the app again, and keeps its template in this run's
// folder, which goes with it.
console.log(`Foyer e2e run: ${dir}`);
console.log(`Foyer e2e app: ${appDir}`);

// As `npm start` runs it: no launcher in between, so SIGTERM reaches the server itself (see package.json).
const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src', 'server', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED: 'demo',
    FOYER_APP_DIR: appDir,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // The browser tests sign in many times from one address; the default limit (10 per 5 min) would refuse them.
    FOYER_SIGN_IN_LIMIT: process.env.E2E_SIGN_IN_LIMIT ?? '1000',
    // A stop waits this long for the connections still open: the browser contexts a spec leaves open keep theirs
    // alive, so each own server's stop took the default's whole 10 seconds (and the suite's server's, at the end).
    SHUTDOWN_TIMEOUT_SECONDS: '1',
    FOYER_DEV: '',
    DATABASE_URL: '',
    // A spec's own server may stand in front of the suite's (e2e/accounts.spec.ts: a fresh install).
    UPSTREAM_BASE_URL: process.env.E2E_UPSTREAM_BASE_URL ?? '',
    SESSION_SECRET: '',
  },
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  rmSync(dir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});

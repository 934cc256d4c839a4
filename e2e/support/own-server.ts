import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from '@playwright/test';
import { expect, signInByApi, test } from './fixtures';
import { mirrorSynced } from './mirror';

export interface OwnServer {
  url: string;
  /** Everything the server printed so far (its start-up lines: the URL, a setup link). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * A server of a spec's own, beside the suite's (e2e/support/serve-e2e.ts passes the environment through),
 * for what must not touch the shared one: a short cart timeout, a fresh install. The main server's build
 * (FOYER_E2E_APP_DIR, see playwright.config.ts) keeps its start quick.
 */
export async function startOwnServer(env: Record<string, string>): Promise<OwnServer> {
  const template = withSmallDemo(env) ? await smallDemoTemplate() : undefined;
  return spawnServer({ ...env, ...(template ? { E2E_DATA_FROM: template } : {}) });
}

async function spawnServer(env: Record<string, string>): Promise<OwnServer> {
  const root = resolve(import.meta.dirname, '..', '..');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'e2e/support/serve-e2e.ts'], {
    cwd: root,
    env: {
      ...process.env,
      E2E_PORT: '0',
      ...(process.env.FOYER_E2E_APP_DIR ? { E2E_APP_DIR: process.env.FOYER_E2E_APP_DIR } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolveUrl, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Foyer is running at (http:\/\/[\d.:]+)/.exec(output);
      if (match?.[1]) resolveUrl(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`the server stopped (${code}): ${output.slice(-2000)}`)));
  });
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  return { url, output: () => output, stop };
}

/**
 * The demo of a spec's own server when the test needs the demo's shapes, not its volume: 100 customers and
 * 1,000 orders are seeded, and first synced into the mirror, in seconds (the full 50,000 orders took minutes
 * of both cores beside the rest of the suite).
 */
export const SMALL_DEMO: Record<string, string> = { SEED_CUSTOMERS: '100', SEED_ORDERS: '1000' };

/** Whether `env` starts the small demo (its other settings, TRUST_PROXY or a cart timeout, are read at start). */
const withSmallDemo = (env: Record<string, string>) =>
  Object.entries(SMALL_DEMO).every(([name, value]) => env[name] === value) &&
  env.SEED === undefined &&
  env.E2E_UPSTREAM_BASE_URL === undefined;

/**
 * The data folder of a small-demo server started once in this run and stopped once its mirror had synced, which
 * each small-demo server starts from (serve-e2e.ts copies it): its migrations and seed took some 15 of a start's 20
 * seconds, seven times in a run, beside the rest of the suite. Made by the first worker that needs it, in the run's folder
 * (FOYER_E2E_RUN_DIR, removed with it); the other waits for it. Undefined outside a suite's run.
 */
async function smallDemoTemplate(): Promise<string | undefined> {
  const runDir = process.env.FOYER_E2E_RUN_DIR;
  if (!runDir) return undefined;
  const dataDir = join(runDir, 'small-demo');
  const ready = join(runDir, 'small-demo.ready');
  const making = join(runDir, 'small-demo.making');
  try {
    // mkdir is atomic: one worker makes the template.
    mkdirSync(making);
  } catch {
    for (const started = Date.now(); !existsSync(ready); ) {
      if (!existsSync(making)) throw new Error('the small-demo template could not be made (see the other worker)');
      if (Date.now() - started > 240_000) throw new Error('the small-demo template took over 4 minutes');
      await sleep(250);
    }
    return dataDir;
  }
  try {
    // Stopped once its mirror's first full sync is done: a clone starts as this server restarted would, its copy of
    // the customers and orders there, brought up to date by the next sync. Each clone synced all of it again, some
    // 10 s of both cores, while its spec waited (the specs still wait for the mirror, and find it synced).
    const server = await spawnServer({ ...SMALL_DEMO, E2E_DATA_DIR: dataDir });
    const admin = await request.newContext({ baseURL: server.url });
    try {
      expect((await signInByApi(admin, server.url)).status()).toBe(200);
      await mirrorSynced(admin);
    } finally {
      await admin.dispose();
      await server.stop();
    }
    writeFileSync(ready, '');
    return dataDir;
  } catch (error) {
    rmSync(making, { recursive: true, force: true });
    throw error;
  }
}

/**
 * A server of the enclosing describe block's own, started before its tests and stopped after them; `env`
 * may depend on the suite's server (a gateway in front of it). Its fields may be read once the tests run.
 */
export function useOwnServer(
  env: Record<string, string> | ((suiteUrl: string) => Record<string, string>) = SMALL_DEMO,
): OwnServer {
  let server: OwnServer | undefined;
  test.beforeAll(async ({ baseURL }) => {
    // Seeds the demo data (and builds the app when the main server's build is unknown).
    test.setTimeout(300_000);
    server = await startOwnServer(typeof env === 'function' ? env(baseURL ?? '') : env);
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  const started = (): OwnServer => {
    if (!server) throw new Error('the own server has not started (useOwnServer runs before the tests)');
    return server;
  };
  return {
    get url() {
      return started().url;
    },
    output: () => started().output(),
    stop: () => started().stop(),
  };
}

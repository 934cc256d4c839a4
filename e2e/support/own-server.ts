import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { test } from './fixtures';

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

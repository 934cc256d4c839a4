import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, HARBOUR } from './testing/test-service';

/**
 * `npm start` as a user runs it (`node --import tsx src/server/main.ts`): the real entry point in a child process,
 * configured by environment.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const MAIN = join(ROOT, 'src', 'server', 'main.ts');

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function start(env: Record<string, string>): Started {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) =>
        ![
          'PORT',
          'HOST',
          'DATA_DIR',
          'DATABASE_URL',
          'SEED',
          'LOG_LEVEL',
          'NODE_OPTIONS',
          'FOYER_APP_DIR',
          'EXPORT_DIR',
        ].includes(name),
    ),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return { child, output: () => output, exited };
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The process that runs `script`: the deepest of `pid` and its descendants named with it, so a launcher's child
 * rather than the launcher (tsx's CLI starts Node again with the same arguments). Linux's /proc.
 */
function processRunning(script: string, pid: number): number {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ').filter(Boolean);
  for (const child of children) {
    const found = processRunning(script, Number(child));
    if (found) return found;
  }
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(script) ? pid : 0;
}

/**
 * A request that closes its connection after the answer: a kept-alive one would be left open for this client
 * at SIGTERM, and the shutdown would wait for it until its timeout (10 s).
 */
const requestOnce = (url: string, init: RequestInit = {}) =>
  fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), connection: 'close' } });

const meaningfulLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !line.startsWith('npm warn'));

describe('start-up', () => {
  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/foyer' }],
    ['CART_TIMEOUT_SECONDS', { CART_TIMEOUT_SECONDS: '0' }],
    ['SEED', { SEED: 'lots' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'maybe' }],
    ['EXPORT_DIR', { EXPORT_DIR: '/dev/null/foyer-exports' }],
    ['MIRROR_SYNC_INTERVAL_SECONDS', { MIRROR_SYNC_INTERVAL_SECONDS: '2' }],
    ['MIRROR_SYNC_CONCURRENCY', { MIRROR_SYNC_CONCURRENCY: 'many' }],
  ])('refuses a bad %s with one line naming it and a non-zero exit', async (name, env) => {
    const run = start(env);
    const { code } = await run.exited;
    expect(code).not.toBe(0);
    const lines = meaningfulLines(run.output());
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(name);
  });

  describe('with a temp DATA_DIR, no seed and a random port', () => {
    let dataDir: string;
    let port: number;
    let run: Started;

    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'foyer-startup-'));
      port = await freePort();
      // A stand-in for the built app (the browser tests cover the real one), so no build runs here.
      const appDir = join(dataDir, 'web');
      await mkdir(appDir);
      await writeFile(join(appDir, 'index.html'), '<!doctype html><title>start-up test app</title>');
      run = start({
        DATA_DIR: dataDir,
        SEED: 'none',
        PORT: String(port),
        LOG_LEVEL: 'trace',
        FOYER_APP_DIR: appDir,
      });
      await waitFor(
        () => run.output().includes(`http://127.0.0.1:${port}`) || run.child.exitCode !== null,
        'the start-up message',
      );
    });
    afterAll(async () => {
      if (run?.child.exitCode === null) run.child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    });

    it('prints its URL and serves the OpenAPI document', async () => {
      expect(run.output()).toContain(`http://127.0.0.1:${port}`);
      const response = await requestOnce(`http://127.0.0.1:${port}/openapi.json`);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { info: { version: string } }).info.version).toBe('1.0.0');
      expect(existsSync(join(dataDir, 'pgdata'))).toBe(true);
      const page = await requestOnce(`http://127.0.0.1:${port}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('start-up test app');
    });

    it('never writes an API key to its output, even at log level trace', async () => {
      const base = `http://127.0.0.1:${port}`;
      const secret = `secret-${Math.random().toString(36).slice(2)}-key`;
      const keys = [DEMO.apiKey, HARBOUR.apiKey, secret];
      const requests: [string, RequestInit][] = [];
      for (const key of keys) {
        const basic = `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
        for (const authorization of [key, basic]) {
          requests.push(
            ['/v1/demo/partner/hall', { headers: { authorization } }],
            ['/v1/demo/partner/customer', { method: 'POST', headers: { authorization }, body: '{broken' }],
            ['/v1/nobody/partner/order', { headers: { authorization } }],
            ['/api/v1/demo/partner/hall', { headers: { authorization } }],
          );
        }
      }
      for (const [path, init] of requests) {
        const response = await requestOnce(base + path, init);
        expect(response.status).toBeLessThan(500);
        await response.arrayBuffer();
      }
      // Give asynchronous log writes a moment to land.
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The start-up banner shows the public demo sign-in on purpose; nothing else may.
      const logged = meaningfulLines(run.output())
        .filter((line) => !line.startsWith('Demo sign-in:'))
        .join('\n');
      for (const key of keys) {
        expect(logged).not.toContain(key);
        expect(logged).not.toContain(Buffer.from(`${key}:`).toString('base64'));
      }
    });

    it('shuts down gracefully on SIGTERM with exit code 0, also when it gets no CPU for a moment then', async () => {
      // On a loaded machine the process may not run for a while when the signal comes. Under tsx's launcher (`tsx
      // main.ts`, the start command before), the launcher waited 30 ms twice for Foyer to say it had the signal, then
      // killed it unfinished (exit 143): seen once in a full suite run. Here Foyer is paused for 200 ms around the
      // signal; `node --import tsx` has no launcher, so the signal waits for Foyer.
      const foyer = processRunning(MAIN, run.child.pid ?? 0);
      // Never 0: process.kill(0, …) would pause this test's own process group.
      expect(foyer).toBeGreaterThan(0);
      process.kill(foyer, 'SIGSTOP');
      run.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Gone already when a launcher killed it.
      if (existsSync(`/proc/${foyer}`)) process.kill(foyer, 'SIGCONT');
      const { code, signal } = await run.exited;
      expect({ code, signal }).toEqual({ code: 0, signal: null });
    });
  });
});

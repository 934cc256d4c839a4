import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, chromium, type Page, type Response } from '@playwright/test';
import { CHROMIUM_ARGS, systemChromium } from '../support/e2e-env';
import { DEMO } from '../support/fixtures';

/** One line of the bench table: a figure, its budget and whether it holds. */
export interface BenchRow {
  metric: string;
  value: number;
  unit: 'kB' | 'ms' | 's' | '' | 'MB';
  /** Upper bound; undefined for figures that are only reported. */
  budget?: number;
  detail?: string;
}

export interface BenchContext {
  browser: Browser;
  baseURL: string;
  runs: number;
  /** A fresh browser context (no cache, no cookies); signed in as demo when asked. */
  newContext(options?: { signedIn?: boolean }): Promise<BrowserContext>;
  log(message: string): void;
}

/** A group of measurements; later issues add theirs to the list in web-bench.ts. */
export interface BenchSuite {
  name: string;
  run(context: BenchContext): Promise<BenchRow[]>;
}

const ROOT = resolve(import.meta.dirname, '..', '..');

export interface RunningServer {
  baseURL: string;
  stop(): Promise<void>;
}

/**
 * The real server as `npm start` runs it: a fresh temporary DATA_DIR with the demo data, and the app built
 * from the current source into the same temporary directory (main.ts builds what is missing).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-web-bench-'));
  const child: ChildProcess = spawn(
    join(ROOT, 'node_modules', '.bin', 'tsx'),
    [join(ROOT, 'src', 'server', 'main.ts')],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: join(dir, 'data'),
        FOYER_APP_DIR: process.env.BENCH_APP_DIR ? resolve(ROOT, process.env.BENCH_APP_DIR) : join(dir, 'web'),
        SEED: 'demo',
        LOG_LEVEL: 'warn',
        FOYER_DEV: '',
        DATABASE_URL: '',
        UPSTREAM_BASE_URL: '',
        SESSION_SECRET: '',
        // Every suite signs in for its runs; the default limit (10 per 5 min) would refuse the later ones.
        FOYER_SIGN_IN_LIMIT: '1000',
        ...env,
      },
    },
  );
  let output = '';
  const baseURL = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${output}`)), 300_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Foyer is running at (http:\/\/[\d.:]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before it was ready:\n${output}`));
    });
  });
  return {
    baseURL,
    stop: () =>
      new Promise<void>((done) => {
        child.removeAllListeners('exit');
        child.on('exit', () => {
          rmSync(dir, { recursive: true, force: true });
          done();
        });
        child.kill('SIGTERM');
      }),
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ headless: true, executablePath: systemChromium(), args: CHROMIUM_ARGS });
}

export function createBenchContext(browser: Browser, baseURL: string, runs: number): BenchContext {
  return {
    browser,
    baseURL,
    runs,
    log: (message) => console.error(`  · ${message}`),
    async newContext(options = {}) {
      const context = await browser.newContext({
        baseURL,
        locale: 'nl-NL',
        timezoneId: 'Europe/Amsterdam',
        viewport: { width: 1280, height: 800 },
      });
      if (options.signedIn) {
        const response = await context.request.post('/api/session', {
          data: DEMO,
          headers: { origin: new URL(baseURL).origin },
        });
        if (!response.ok()) throw new Error(`sign-in for the bench failed: ${response.status()}`);
      }
      return context;
    },
  };
}

export interface PageLoad {
  /** gzip bytes per asset URL path, as the browser fetched them. */
  scripts: Map<string, number>;
  styles: Map<string, number>;
  lcpMs: number;
  cls: number;
}

/** Observers installed before any page script: LCP (last candidate) and CLS (shifts without input). */
const VITALS_SCRIPT = `
  window.__vitals = { lcp: 0, cls: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__vitals.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__vitals.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
`;

/**
 * Opens `path` in a fresh page with the CPU slowed `cpuSlowdown` times (Chrome DevTools' throttling), waits
 * until `ready` holds and the network is quiet, and returns what the page loaded and its LCP and CLS.
 */
export async function measurePageLoad(
  context: BrowserContext,
  path: string,
  ready: (page: Page) => Promise<void>,
  cpuSlowdown = 4,
): Promise<PageLoad> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  await page.addInitScript(VITALS_SCRIPT);
  const scripts = new Map<string, number>();
  const styles = new Map<string, number>();
  const pending: Promise<void>[] = [];
  const onResponse = (response: Response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response.body().then((body) => {
        const target = type === 'script' ? scripts : styles;
        target.set(new URL(response.url()).pathname, gzipSync(body).length);
      }),
    );
  };
  page.on('response', onResponse);
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState('networkidle');
  // LCP candidates stop with the last large paint; give the throttled page a moment to report it.
  await page.waitForTimeout(500);
  // What loaded by now is the page's load; a later response (a prefetch) would be read after the page closed.
  page.off('response', onResponse);
  await Promise.all(pending);
  const vitals = (await page.evaluate('window.__vitals')) as { lcp: number; cls: number };
  await cdp.detach();
  await page.close();
  return { scripts, styles, lcpMs: vitals.lcp, cls: vitals.cls };
}

export const kB = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
export const sum = (sizes: Map<string, number>) => [...sizes.values()].reduce((total, size) => total + size, 0);

export function printTable(rows: Array<BenchRow & { suite: string }>): boolean {
  const lines = rows.map((row) => {
    const pass = row.budget === undefined ? '' : row.value <= row.budget ? 'pass' : 'FAIL';
    return [
      row.suite,
      row.metric,
      `${row.value}${row.unit ? ` ${row.unit}` : ''}`,
      row.budget === undefined ? '' : `≤ ${row.budget}${row.unit ? ` ${row.unit}` : ''}`,
      pass,
      row.detail ?? '',
    ];
  });
  const header = ['suite', 'metric', 'value', 'budget', 'result', 'detail'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => (line[column] ?? '').length)),
  );
  const format = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.log(format(line));
  return rows.every((row) => row.budget === undefined || row.value <= row.budget);
}

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEMO_PASSWORD } from '../gateway/store/demo-accounts';
import { median } from './stats';

/**
 * The cold figures of `npm run bench:mirror` (issue 32): Foyer started as `npm start` starts it (src/server/main.ts
 * in a process of its own) on a database that holds the mirror already, then, as soon as `/health/ready` says
 * ready, a person signs in and asks for what they came for: a customer search (the first answer with a result),
 * or the orders analysis's first view. Timed from the sign-in to the answer; then the same again, warm.
 */

const MAIN = resolve(import.meta.dirname, '..', 'main.ts');

export interface ColdStart {
  /** The database: DATA_DIR (PGlite) or DATABASE_URL. */
  env: Record<string, string>;
  masterKey: string;
}

interface Running {
  base: string;
  child: ChildProcess;
  /** Process start → `/health/ready` answered 200, ms. */
  readyMs: number;
}

async function startFoyer(start: ColdStart): Promise<Running> {
  const appDir = await mkdtemp(join(tmpdir(), 'foyer-bench-app-'));
  await writeFile(join(appDir, 'index.html'), '<!doctype html><title>bench</title>');
  const started = performance.now();
  // BENCH_COLD_PROFILE=<folder>: a CPU profile of each started Foyer (node --cpu-prof), written when it stops.
  const profile = process.env.BENCH_COLD_PROFILE
    ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_COLD_PROFILE]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      ...start.env,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      FOYER_MASTER_KEY: start.masterKey,
      FOYER_APP_DIR: appDir,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.once('exit', () => void rm(appDir, { recursive: true, force: true }));
  const base = await new Promise<string>((resolvePort, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /running at (http:\/\/[\d.]+:\d+)/.exec(out);
      if (match) resolvePort(match[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`Foyer exited (${code}) before it listened`)));
  });
  for (;;) {
    const ready = await fetch(`${base}/health/ready`).catch(() => null);
    if (ready?.status === 200) break;
    await sleep(20);
  }
  return { base, child, readyMs: performance.now() - started };
}

async function stopFoyer(running: Running): Promise<void> {
  const exited = new Promise((done) => running.child.once('exit', done));
  running.child.kill('SIGTERM');
  await exited;
}

async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in: ${response.status}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] as string;
}

/** GETs `path` until it answers 200 (a 503 "starting" is asked again at once, as patiently as a person). */
async function answered(base: string, cookie: string, path: string): Promise<unknown> {
  for (;;) {
    const response = await fetch(`${base}${path}`, { headers: { cookie, origin: base } });
    const text = await response.text();
    if (response.status === 200) return JSON.parse(text);
    if (response.status !== 503) throw new Error(`${path}: ${response.status} ${text.slice(0, 200)}`);
    await sleep(50);
  }
}

/**
 * CPU time Foyer's process has used so far (all its threads: the sign-in's argon2 runs on libuv's pool), ms; null
 * where /proc is not there. A load-independent measure beside the wall times on a shared machine.
 */
async function cpuMs(child: ChildProcess): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${child.pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in clock ticks (10 ms).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

interface FirstResult {
  /** Sign-in → the first answer with a result. */
  ms: number;
  signInMs: number;
  searchMs: number;
  /** Foyer's CPU time in that span (background work included), or null. */
  cpuMs: number | null;
}

/** Sign-in → the first customer search answer with a result, split in its two requests, with Foyer's CPU time. */
async function firstResult(running: Running, email: string, text: string): Promise<FirstResult> {
  const { base } = running;
  const cpuBefore = await cpuMs(running.child);
  const started = performance.now();
  const cookie = await signIn(base, email);
  const signedIn = performance.now();
  const page = (await answered(base, cookie, `/api/customers?perPage=50&q=${encodeURIComponent(text)}`)) as {
    data: unknown[];
  };
  const ended = performance.now();
  if (page.data.length === 0) throw new Error(`no customer found for "${text}"`);
  const cpuAfter = await cpuMs(running.child);
  return {
    ms: ended - started,
    signInMs: signedIn - started,
    searchMs: ended - signedIn,
    cpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
  };
}

/** The median of each figure of several first results. */
function medianResult(results: readonly FirstResult[]): FirstResult {
  const cpu = results.flatMap((result) => (result.cpuMs === null ? [] : [result.cpuMs]));
  return {
    ms: median(results.map((result) => result.ms)),
    signInMs: median(results.map((result) => result.signInMs)),
    searchMs: median(results.map((result) => result.searchMs)),
    cpuMs: cpu.length === results.length ? median(cpu) : null,
  };
}

/** Sign-in → every answer of the analysis's first view (last 30 days), ms. */
async function analysisView(base: string): Promise<number> {
  const started = performance.now();
  const cookie = await signIn(base, 'manager@demo.test');
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const period = `from=${day(-29)}&to=${day(0)}`;
  await Promise.all([
    answered(base, cookie, `/api/reports/orders?${period}&sort=date-desc&page=1`),
    answered(base, cookie, `/api/reports/orders/choices?${period}`),
    answered(base, cookie, `/api/reports/orders/charts?${period}`),
  ]);
  return performance.now() - started;
}

export interface ColdFigures {
  readyMs: number[];
  searchCold: FirstResult;
  searchWarm: FirstResult;
  analysisCold: number;
  analysisWarm: number;
}

/** Two fresh starts: one for the search, one for the analysis, each cold and then warm (median of 3). */
export async function coldAndWarm(start: ColdStart, searchTerms: readonly string[]): Promise<ColdFigures> {
  const readyMs: number[] = [];
  const search = await startFoyer(start);
  let searchCold: FirstResult;
  let searchWarm: FirstResult;
  try {
    readyMs.push(search.readyMs);
    searchCold = await firstResult(search, 'marketing@demo.test', searchTerms[0] as string);
    const warm: FirstResult[] = [];
    for (const text of searchTerms.slice(1, 4)) warm.push(await firstResult(search, 'manager@demo.test', text));
    searchWarm = medianResult(warm);
  } finally {
    await stopFoyer(search);
  }
  const analysis = await startFoyer(start);
  let analysisCold: number;
  let analysisWarm: number;
  try {
    readyMs.push(analysis.readyMs);
    analysisCold = await analysisView(analysis.base);
    analysisWarm = median([await analysisView(analysis.base), await analysisView(analysis.base)]);
  } finally {
    await stopFoyer(analysis);
  }
  return { readyMs, searchCold, searchWarm, analysisCold, analysisWarm };
}

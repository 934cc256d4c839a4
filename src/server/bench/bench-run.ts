import { readdir, readFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { findPostgresBinaries, type PostgresServer, startPostgresServer } from '../testing/postgres-server';

/** What the benchmarks share around their measurements: the machine's load, their own database, the verdicts. */

/** The last minute's load average and the CPUs, printed before and after a run (the machine is shared). */
export const loadAverage = () => `load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} CPUs`;

/** All three load averages (1, 5 and 15 minutes) and the CPUs, for the benches that show the trend. */
export const loadAverages = () =>
  `load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')} on ${availableParallelism()} CPUs`;

/** A budget met or missed. */
export const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

/** Creates the database `name` on the benchmark's own PostgreSQL server; the address to connect to it. */
async function createBenchDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Runs `bench` on a fresh database `name` of a PostgreSQL server of its own, stopped afterwards: its verdicts, or
 * one saying PostgreSQL was skipped where its binaries are not installed.
 */
export async function onOwnPostgres(
  name: string,
  options: { durable: boolean },
  bench: (url: string, server: PostgresServer) => Promise<string[]>,
): Promise<string[]> {
  if (!findPostgresBinaries()) return ['PostgreSQL: binaries not found, skipped'];
  const server = await startPostgresServer(options);
  try {
    return await bench(await createBenchDatabase(server.url, name), server);
  } finally {
    await server.stop();
  }
}

/** The verdicts, one a line, then the load after the run (`load`, as the benchmark words it). */
export function printVerdicts(verdicts: readonly string[], load: string): void {
  console.log(`\nVerdicts\n${verdicts.map((line) => `  ${line}`).join('\n')}\n\nAfter: ${load}`);
}

/**
 * CPU seconds used so far by this process and, for PostgreSQL, by the server's backends (the children of the
 * postmaster named in its data directory's postmaster.pid): a scan's figure that does not grow with other
 * work on the machine, reported beside the wall time (the machines this runs on are shared).
 */
export async function cpuSeconds(postgresDataDir: string | null): Promise<number> {
  const own = process.cpuUsage();
  let seconds = (own.user + own.system) / 1e6;
  if (postgresDataDir) {
    const postmaster = (await readFile(join(postgresDataDir, 'postmaster.pid'), 'utf8')).split('\n')[0];
    for (const pid of await readdir('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
      // Fields after the command's closing parenthesis: state ppid … utime (14th) stime (15th), in clock ticks.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // The postmaster's children (backends, parallel workers), and what those that have ended spent (the
      // postmaster's own cutime and cstime): a parallel worker ends with its query.
      if (pid === postmaster) seconds += (Number(fields[13]) + Number(fields[14])) / 100;
      if (fields[1] !== postmaster) continue;
      seconds += (Number(fields[11]) + Number(fields[12])) / 100;
    }
  }
  return seconds;
}

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

/**
 * BENCH_PROFILE=1 of `npm run bench:mirror` on PostgreSQL: where a first sync's time goes inside the database.
 * While a sync runs, its sessions' wait events are sampled from pg_stat_activity (what each busy connection was
 * doing, every SAMPLE_MS), and pg_stat_statements (loaded by the bench's server) counts every statement, nested
 * ones (trigger and function bodies) too. The server's CPU time comes from /proc (its processes are children of
 * the postmaster), the one figure of the three the machine's load does not move.
 */

const SAMPLE_MS = 20;

/** The postgresql.conf lines the profile needs. */
export const PROFILE_SETTINGS = [
  "shared_preload_libraries = 'pg_stat_statements'",
  "pg_stat_statements.track = 'all'",
  'track_io_timing = on',
];

export interface Profile {
  /** Stops sampling; lines that say where the time went. */
  stop(): Promise<string[]>;
}

export async function startProfile(url: string, dataDir: string): Promise<Profile> {
  const client = new pg.Client({ connectionString: url });
  // A lost connection fails the sampling's next query; unhandled, it would end the bench without its figures.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('create extension if not exists pg_stat_statements');
    await client.query('select pg_stat_statements_reset()');
  } catch (error) {
    await client.end();
    throw error;
  }
  const waits = new Map<string, number>();
  let samples = 0;
  let stopped = false;
  const sampling = (async () => {
    while (!stopped) {
      const { rows } = await client.query<{ wait: string }>(
        `select coalesce(wait_event_type || ':' || wait_event, 'CPU') || '  ' || left(regexp_replace(query, '\\s+', ' ', 'g'), 50) as wait
           from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and state = 'active'`,
      );
      samples += 1;
      for (const row of rows) waits.set(row.wait, (waits.get(row.wait) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  })();
  const cpuBefore = serverCpuMs(dataDir);
  return {
    async stop() {
      stopped = true;
      await sampling;
      const cpu = serverCpuMs(dataDir) - cpuBefore;
      const { rows } = await client.query<{ calls: string; total: number; rows: string; top: boolean; query: string }>(
        `select calls, total_exec_time as total, rows, toplevel as top,
                left(regexp_replace(query, '\\s+', ' ', 'g'), 90) as query
           from pg_stat_statements order by total_exec_time desc limit 12`,
      );
      await client.end();
      const busy = [...waits.entries()].sort((a, b) => b[1] - a[1]).slice(0, 10);
      return [
        `profile: PostgreSQL CPU ${(cpu / 1000).toFixed(1)} s; ${samples} samples of busy connections (every ${SAMPLE_MS} ms):`,
        ...busy.map(([wait, n]) => `  ${(n / samples).toFixed(2)} busy  ${wait}`),
        'profile: statements by execution time (nested ones too):',
        ...rows.map(
          (row) =>
            `  ${(row.total / 1000).toFixed(2).padStart(7)} s  ${String(row.calls).padStart(6)} calls  ${String(row.rows).padStart(7)} rows  ${row.top ? 'top   ' : 'nested'}  ${row.query}`,
        ),
      ];
    },
  };
}

/** The CPU time (user + system, ms) of the PostgreSQL server of the data directory and its processes, from /proc. */
function serverCpuMs(dataDir: string): number {
  const postmaster = readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]?.trim();
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // fields[1]: the parent; [11], [12]: user and system time; [13], [14]: those of its ended children.
      if (pid !== postmaster && fields[1] !== postmaster) continue;
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks * 10;
}

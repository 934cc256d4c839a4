import { execFile, spawnSync } from 'node:child_process';
import { accessSync, constants, readdirSync, readFileSync, rmSync } from 'node:fs';
import { appendFile, chown, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A throwaway PostgreSQL server for tests and benchmarks: `initdb` in a temp dir, started with `pg_ctl`
 * on a random port of 127.0.0.1, trust auth, durability switched off for speed unless asked to keep it.
 * Stopped and deleted by `stop()` (and, as a last resort, when the process exits).
 */
export interface PostgresServer {
  /** Superuser URL of the `postgres` database, e.g. `postgres://postgres@127.0.0.1:54321/postgres`. */
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  stop(): Promise<void>;
  /** Fault tests: stops the server as a crash would (`pg_ctl stop -m immediate`), keeping its data. */
  crash(): Promise<void>;
  /** Fault tests: starts it again on the same port after `crash()`. */
  restart(): Promise<void>;
}

export interface PostgresBinaries {
  initdb: string;
  pgCtl: string;
}

/** Finds initdb and pg_ctl on PATH, else in Debian's /usr/lib/postgresql/<version>/bin (newest first). */
export function findPostgresBinaries(): PostgresBinaries | null {
  const candidates = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  const debianRoot = '/usr/lib/postgresql';
  try {
    const versions = readdirSync(debianRoot)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) candidates.push(join(debianRoot, version, 'bin'));
  } catch {
    // No Debian PostgreSQL packages installed.
  }
  for (const dir of candidates) {
    const initdb = join(dir, 'initdb');
    const pgCtl = join(dir, 'pg_ctl');
    if (isExecutable(initdb) && isExecutable(pgCtl)) return { initdb, pgCtl };
  }
  return null;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** PostgreSQL refuses to run as root, so as root its commands run as this unprivileged user. */
const FALLBACK_SERVER_USER = 'foyer-pg';

function userExists(name: string): boolean {
  return spawnSync('id', ['-u', name], { stdio: 'ignore' }).status === 0;
}

function ensureServerUser(): { name: string; uid: number; gid: number } {
  let name = 'postgres';
  if (!userExists(name)) {
    name = FALLBACK_SERVER_USER;
    if (!userExists(name)) {
      const created = spawnSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', name], {
        encoding: 'utf8',
      });
      if (created.status !== 0 && !userExists(name)) {
        throw new Error(`Cannot create the user "${name}" to run PostgreSQL as: ${created.stderr.trim()}`);
      }
    }
  }
  const uid = Number(spawnSync('id', ['-u', name], { encoding: 'utf8' }).stdout.trim());
  const gid = Number(spawnSync('id', ['-g', name], { encoding: 'utf8' }).stdout.trim());
  return { name, uid, gid };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const SERVER_DIR_PREFIX = 'foyer-pg-';
const OWNER_FILE = 'owner.pid';

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A test run killed by a signal never reaches its teardown, and the server it started keeps running.
 * Servers whose owning process is gone are stopped and their directories deleted; those of live runs
 * (other terminals, other projects' runs) are left alone.
 */
function reapAbandonedServers(binaries: PostgresBinaries): void {
  let entries: string[];
  try {
    entries = readdirSync(tmpdir()).filter((name) => name.startsWith(SERVER_DIR_PREFIX));
  } catch {
    return;
  }
  for (const name of entries) {
    const root = join(tmpdir(), name);
    let owner: number;
    try {
      owner = Number(readFileSync(join(root, OWNER_FILE), 'utf8'));
    } catch {
      continue;
    }
    if (!Number.isInteger(owner) || owner <= 0 || isProcessAlive(owner)) continue;
    const args = ['stop', '-D', join(root, 'data'), '-m', 'immediate', '-w'];
    const asRoot = process.getuid?.() === 0;
    const user = asRoot ? ensureServerUser() : null;
    spawnSync(user ? 'runuser' : binaries.pgCtl, user ? ['-u', user.name, '--', binaries.pgCtl, ...args] : args, {
      stdio: 'ignore',
    });
    rmSync(root, { recursive: true, force: true });
  }
}

export interface StartPostgresOptions {
  /** The concurrency suites open pools of 10+ from several service instances at once. */
  maxConnections?: number;
  /**
   * Keep PostgreSQL's durability defaults (fsync, synchronous_commit, full_page_writes on), as a production
   * server runs: for benchmarks, whose figures must include waiting for the WAL to reach the disk.
   */
  durable?: boolean;
  /** More lines for postgresql.conf (e.g. `shared_preload_libraries = 'pg_stat_statements'` for a benchmark). */
  settings?: readonly string[];
}

export async function startPostgresServer(options: StartPostgresOptions = {}): Promise<PostgresServer> {
  const binaries = findPostgresBinaries();
  if (!binaries) throw new Error('PostgreSQL binaries (initdb, pg_ctl) not found on PATH or in /usr/lib/postgresql');

  reapAbandonedServers(binaries);
  const root = await mkdtemp(join(tmpdir(), SERVER_DIR_PREFIX));
  const dataDir = join(root, 'data');
  const socketDir = join(root, 'socket');
  const logFile = join(root, 'server.log');
  await mkdir(socketDir);
  await writeFile(join(root, OWNER_FILE), String(process.pid));

  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? ensureServerUser() : null;
  if (user) {
    await chown(root, user.uid, user.gid);
    await chown(socketDir, user.uid, user.gid);
  }
  // runuser keeps the environment minimal and needs no password; the server user must own everything.
  const command = (binary: string, args: string[]): [string, string[]] =>
    user ? ['runuser', ['-u', user.name, '--', binary, ...args]] : [binary, args];

  const cleanup = () => rmSync(root, { recursive: true, force: true });
  try {
    await run(
      ...command(binaries.initdb, ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '-N']),
    );
    const settings = [
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${socketDir}'`,
      `max_connections = ${options.maxConnections ?? 300}`,
      ...(options.durable ? [] : ['fsync = off', 'synchronous_commit = off', 'full_page_writes = off']),
      'shared_buffers = 128MB',
      "log_min_messages = 'warning'",
      ...(options.settings ?? []),
    ];
    await appendFile(join(dataDir, 'postgresql.conf'), `\n# foyer test server\n${settings.join('\n')}\n`);

    let lastError: unknown;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      // The port is free when chosen but may be taken before the server binds it: retry with another.
      const port = await freePort();
      try {
        await run(
          ...command(binaries.pgCtl, ['start', '-w', '-t', '60', '-D', dataDir, '-l', logFile, '-o', `-p ${port}`]),
        );
      } catch (error) {
        lastError = error;
        continue;
      }
      const stopSync = () => {
        const [bin, args] = command(binaries.pgCtl, ['stop', '-D', dataDir, '-m', 'immediate', '-w']);
        spawnSync(bin, args, { stdio: 'ignore' });
        cleanup();
      };
      process.once('exit', stopSync);
      let stopped = false;
      return {
        url: `postgres://postgres@127.0.0.1:${port}/postgres`,
        port,
        dataDir,
        async crash() {
          await run(...command(binaries.pgCtl, ['stop', '-D', dataDir, '-m', 'immediate', '-w']));
        },
        async restart() {
          await run(
            ...command(binaries.pgCtl, ['start', '-w', '-t', '60', '-D', dataDir, '-l', logFile, '-o', `-p ${port}`]),
          );
        },
        async stop() {
          if (stopped) return;
          stopped = true;
          process.removeListener('exit', stopSync);
          await run(...command(binaries.pgCtl, ['stop', '-D', dataDir, '-m', 'fast', '-w'])).catch(() =>
            run(...command(binaries.pgCtl, ['stop', '-D', dataDir, '-m', 'immediate', '-w'])).catch(() => undefined),
          );
          cleanup();
        },
      };
    }
    throw lastError;
  } catch (error) {
    cleanup();
    const detail = error instanceof Error ? error.message : String(error);
    throw new Error(`Could not start a PostgreSQL test server: ${detail}`);
  }
}

import { closeSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * One process per embedded data directory. PGlite keeps no lock of its own: two processes on one directory
 * both start and both write, and each overwrites what the other acknowledged. The first process creates
 * `foyer.lock` in DATA_DIR atomically (O_EXCL) with its pid and start time; any later one finds it and
 * refuses to start, unless the process named there is gone (killed, crashed, the machine restarted). A stale
 * lock is replaced by an atomic rename, so two processes that both find it stale cannot both win.
 */
export class DataDirLockedError extends Error {}

export interface DataDirLock {
  release(): void;
}

const LOCK_FILE = 'foyer.lock';

interface LockOwner {
  pid: number;
  /** The process's start time (Linux /proc), so that a reused pid does not pass for the owner. */
  started: string | null;
}

export function lockDataDir(dataDir: string): DataDirLock {
  const path = join(dataDir, LOCK_FILE);
  const mine: LockOwner = { pid: process.pid, started: processStart(process.pid) };
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (createExclusive(path, mine)) return held(path, mine);
    const owner = readOwner(path);
    if (owner && owner.pid !== process.pid && isRunning(owner)) {
      throw new DataDirLockedError(
        `DATA_DIR ${dataDir} is in use by another Foyer process (pid ${owner.pid}); stop it or use another DATA_DIR.`,
      );
    }
    // Stale (its process is gone) or unreadable (a crash while writing it): replace it in one step, then check
    // that the lock is ours — a process doing the same at the same moment may have replaced it after us.
    const claim = `${path}.${process.pid}`;
    writeOwner(claim, mine, 'w');
    const before = readOwner(path);
    if (before && !sameOwner(before, owner)) {
      unlinkQuietly(claim);
      continue;
    }
    renameSync(claim, path);
    // Let a concurrent replacer finish its rename, then see who holds it.
    sleepSync(50);
    const now = readOwner(path);
    if (now && sameOwner(now, mine)) return held(path, mine);
  }
  throw new DataDirLockedError(`DATA_DIR ${dataDir} is being locked by another Foyer process; try again.`);
}

function held(path: string, mine: LockOwner): DataDirLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.removeListener('exit', release);
    const owner = readOwner(path);
    if (owner && sameOwner(owner, mine)) unlinkQuietly(path);
  };
  // A normal exit removes it; after SIGKILL or a crash the next start sees its process gone.
  process.once('exit', release);
  return { release };
}

function createExclusive(path: string, owner: LockOwner): boolean {
  try {
    writeOwner(path, owner, 'wx');
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function writeOwner(path: string, owner: LockOwner, flags: 'w' | 'wx'): void {
  const fd = openSync(path, flags, 0o600);
  try {
    writeSync(fd, JSON.stringify(owner));
  } finally {
    closeSync(fd);
  }
}

function readOwner(path: string): LockOwner | null {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockOwner>;
    if (typeof parsed.pid !== 'number' || !Number.isInteger(parsed.pid) || parsed.pid <= 0) return null;
    return { pid: parsed.pid, started: typeof parsed.started === 'string' ? parsed.started : null };
  } catch {
    return null;
  }
}

const sameOwner = (a: LockOwner, b: LockOwner | null) => b !== null && a.pid === b.pid && a.started === b.started;

function isRunning(owner: LockOwner): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const started = processStart(owner.pid);
  return owner.started === null || started === null || started === owner.started;
}

/** Field 22 of /proc/<pid>/stat (start time in clock ticks since boot); null where there is no /proc. */
function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after its end.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone.
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** For tests: whether the directory has a lock file at all. */
export function hasLockFile(dataDir: string): boolean {
  try {
    statSync(join(dataDir, LOCK_FILE));
    return true;
  } catch {
    return false;
  }
}

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, hasLockFile, lockDataDir } from './data-dir-lock';

/** Field 22 of /proc/<pid>/stat, as the lock records it. */
async function startOf(pid: number): Promise<string> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
}

describe('data directory lock', () => {
  let dir: string;
  let other: ChildProcess | undefined;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'foyer-lock-'));
  });
  afterEach(async () => {
    other?.kill('SIGKILL');
    other = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  const lockFile = () => join(dir, 'foyer.lock');

  it('is taken and released', () => {
    const lock = lockDataDir(dir);
    expect(hasLockFile(dir)).toBe(true);
    lock.release();
    expect(hasLockFile(dir)).toBe(false);
  });

  it('refuses while another live process holds it, with one line naming the directory and the pid', async () => {
    other = spawn('sleep', ['30'], { stdio: 'ignore' });
    const pid = other.pid ?? 0;
    await new Promise((resolve) => setTimeout(resolve, 50));
    await writeFile(lockFile(), JSON.stringify({ pid, started: await startOf(pid) }));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(
      new RegExp(`^DATA_DIR .* is in use by another Foyer process \\(pid ${pid}\\)`),
    );
    expect(JSON.parse(await readFile(lockFile(), 'utf8')).pid).toBe(pid);
  });

  it('takes over a lock whose process is gone, one whose pid was reused, and an unreadable one', async () => {
    const dead = spawn('true', { stdio: 'ignore' });
    await new Promise((resolve) => dead.once('exit', resolve));
    other = spawn('sleep', ['30'], { stdio: 'ignore' });
    for (const stale of [
      JSON.stringify({ pid: dead.pid, started: null }),
      JSON.stringify({ pid: other.pid, started: '1' }),
      '{"pid":',
      '',
    ]) {
      await writeFile(lockFile(), stale);
      const lock = lockDataDir(dir);
      expect(JSON.parse(await readFile(lockFile(), 'utf8')).pid).toBe(process.pid);
      lock.release();
    }
  });
});

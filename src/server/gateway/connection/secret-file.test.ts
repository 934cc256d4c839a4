import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSecret } from './secret-file';

const loadSessionSecret = (config: { SESSION_SECRET?: string; DATA_DIR: string }) =>
  loadSecret({ given: config.SESSION_SECRET, dataDir: config.DATA_DIR, fileName: 'session-secret' });

describe('loadSecret', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'foyer-secret-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('uses SESSION_SECRET when set, writing nothing', async () => {
    const secret = 's'.repeat(40);
    expect(await loadSessionSecret({ SESSION_SECRET: secret, DATA_DIR: join(dir, 'data') })).toBe(secret);
    await expect(stat(join(dir, 'data'))).rejects.toThrow();
  });

  it('otherwise generates one into DATA_DIR/session-secret (0600) and reuses it on the next start', async () => {
    const dataDir = join(dir, 'data');
    const first = await loadSessionSecret({ DATA_DIR: dataDir });
    expect(first.length).toBeGreaterThanOrEqual(43);
    const file = join(dataDir, 'session-secret');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toBe(first);
    expect(await loadSessionSecret({ DATA_DIR: dataDir })).toBe(first);
    const [a, b] = await Promise.all([
      loadSessionSecret({ DATA_DIR: join(dir, 'race') }),
      loadSessionSecret({ DATA_DIR: join(dir, 'race') }),
    ]);
    expect(a).toBe(b);
  });

  it('refuses a secret file too short to be safe', async () => {
    await writeFile(join(dir, 'session-secret'), 'short');
    await expect(loadSessionSecret({ DATA_DIR: dir })).rejects.toThrow(/session-secret/);
  });
});

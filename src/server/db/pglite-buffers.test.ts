import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from './connect';
import { bytesUnder, sharedBuffersFor } from './pglite-buffers';

const MB = 2 ** 20;

describe('the embedded database’s shared buffers', () => {
  it('are an eighth of the data on disk, in steps of 64 MB, between 128 MB and 1 GB', () => {
    expect(sharedBuffersFor(0)).toBe(128);
    expect(sharedBuffersFor(900 * MB)).toBe(128);
    expect(sharedBuffersFor(1100 * MB)).toBe(192);
    // The segment bench's million customers: 5.1 GB on disk.
    expect(sharedBuffersFor(5.1 * 1024 * MB)).toBe(704);
    expect(sharedBuffersFor(40 * 1024 * MB)).toBe(1024);
  });

  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('count the files under the data directory, and nothing before a first start', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'foyer-buffers-'));
    dirs.push(dir);
    expect(await bytesUnder(join(dir, 'absent'))).toBe(0);
    await mkdir(join(dir, 'base', '5'), { recursive: true });
    await writeFile(join(dir, 'base', '5', '1259'), Buffer.alloc(8192));
    await writeFile(join(dir, 'PG_VERSION'), '17\n');
    expect(await bytesUnder(dir)).toBe(8192 + 3);
  });

  it('are set when the database opens, and an explicit size wins', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'foyer-buffers-'));
    dirs.push(dataDir);
    const sized = await connectDatabase({ dataDir });
    try {
      expect((await sized.query<{ shared_buffers: string }>('show shared_buffers')).rows[0]?.shared_buffers).toBe(
        '128MB',
      );
    } finally {
      await sized.close();
    }
    const chosen = await connectDatabase({ dataDir, sharedBuffersMb: 192 });
    try {
      expect((await chosen.query<{ shared_buffers: string }>('show shared_buffers')).rows[0]?.shared_buffers).toBe(
        '192MB',
      );
    } finally {
      await chosen.close();
    }
  });
});

import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** PGlite's own default, and the least this sizing gives. */
const FLOOR_MB = 128;
/** PGlite's memory ends at 2 GB (a 32-bit WebAssembly memory); the buffers must leave room for the rest. */
const CEILING_MB = 1024;

/**
 * PostgreSQL's shared buffers for an embedded database holding `dataBytes` on disk: an eighth of it, between
 * PGlite's default and 1 GB. Why: a scan of a table bigger than a quarter of the buffers reads it through a small
 * ring, so every segment count reread its 421 MB of facts through PGlite's file system (1,000,000 customers:
 * 170 ms a scan at 128 MB, 55 ms at 512 MB). The buffers are memory the process holds from the start, so a
 * small database keeps the default.
 */
export function sharedBuffersFor(dataBytes: number): number {
  const eighthMb = Math.ceil(dataBytes / 8 / 2 ** 20 / 64) * 64;
  return Math.min(CEILING_MB, Math.max(FLOOR_MB, eighthMb));
}

/** The bytes of the files under `dir` (0 when it does not exist yet: a first start). */
export async function bytesUnder(dir: string): Promise<number> {
  let entries: string[];
  try {
    entries = await readdir(dir, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let total = 0;
  for (const entry of entries) {
    const info = await stat(join(dir, entry)).catch(() => null);
    if (info?.isFile()) total += info.size;
  }
  return total;
}

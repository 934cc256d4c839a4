import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A secret of this installation: `given` (from the environment) when set, else a random one generated on
 * first start and kept in `${dataDir}/${fileName}` (mode 0600), so every later start uses the same one.
 * Instances that share a PostgreSQL database must be given the same secret instead (README).
 */
export async function loadSecret(options: {
  given?: string | undefined;
  dataDir: string;
  fileName: string;
}): Promise<string> {
  if (options.given) return options.given;
  const file = join(options.dataDir, options.fileName);
  const existing = await readSecret(file);
  if (existing) return existing;
  await mkdir(options.dataDir, { recursive: true });
  const generated = randomBytes(32).toString('base64url');
  // Written aside, then linked into place: link fails if the file exists, so two processes starting on
  // the same DATA_DIR agree on one secret, and neither can read a half-written file.
  const staged = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(staged, `${generated}\n`, { mode: 0o600 });
  try {
    await link(staged, file);
    return generated;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const written = await readSecret(file);
    if (!written) throw new Error(`${file} exists but holds no usable secret (at least 32 characters)`);
    return written;
  } finally {
    await unlink(staged);
  }
}

async function readSecret(file: string): Promise<string | null> {
  try {
    const value = (await readFile(file, 'utf8')).trim();
    return value.length >= 32 ? value : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

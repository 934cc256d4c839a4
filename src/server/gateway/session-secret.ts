import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const SECRET_FILE = 'session-secret';

/**
 * The key that signs session cookies: SESSION_SECRET when set, else a random one generated on first start
 * and kept in `${DATA_DIR}/session-secret` (mode 0600), so a restart does not invalidate the signature
 * scheme (the in-memory sessions themselves do not survive a restart anyway).
 */
export async function loadSessionSecret(config: {
  SESSION_SECRET?: string | undefined;
  DATA_DIR: string;
}): Promise<string> {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  const file = join(config.DATA_DIR, SECRET_FILE);
  const existing = await readSecret(file);
  if (existing) return existing;
  await mkdir(config.DATA_DIR, { recursive: true });
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

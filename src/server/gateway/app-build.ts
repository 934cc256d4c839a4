import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Logger } from 'pino';

export const PROJECT_ROOT = resolve(import.meta.dirname, '..', '..', '..');
/** Vite's outDir (vite.config.ts): what the gateway serves. */
export const APP_DIST = join(PROJECT_ROOT, 'dist', 'web');

/**
 * `npm start` builds what is missing: without dist/web/index.html the app is built once, here, before the
 * server listens. Vite is imported only then, so a start with a built app stays fast. The build goes to a
 * temporary directory that is renamed into place, so two processes starting at once cannot serve a
 * half-written build.
 */
export async function ensureAppBuilt(log: Logger): Promise<void> {
  if (existsSync(join(APP_DIST, 'index.html'))) return;
  log.info('dist/web is missing: building the app (once)');
  const started = performance.now();
  const outDir = `${APP_DIST}.building-${process.pid}`;
  const { build } = await import('vite');
  await build({
    root: PROJECT_ROOT,
    configFile: join(PROJECT_ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  try {
    await rename(outDir, APP_DIST);
  } catch {
    if (existsSync(join(APP_DIST, 'index.html'))) {
      // Another process finished first; its build is as good as ours.
      await rm(outDir, { recursive: true, force: true });
    } else {
      // A leftover dist/web without index.html: replace it.
      await rm(APP_DIST, { recursive: true, force: true });
      await rename(outDir, APP_DIST);
    }
  }
  log.info({ buildMs: Math.round(performance.now() - started) }, 'app built into dist/web');
}

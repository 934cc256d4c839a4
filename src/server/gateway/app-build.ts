import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Logger } from 'pino';

export const PROJECT_ROOT = resolve(import.meta.dirname, '..', '..', '..');
/** Vite's outDir (vite.config.ts): what the gateway serves. */
export const APP_DIST = join(PROJECT_ROOT, 'dist', 'web');

/**
 * Where the built app is served from: dist/web, or FOYER_APP_DIR (internal: the browser tests build into a
 * temporary directory of their own, so parallel runs never rebuild each other's dist/web).
 */
export function appDir(env: Record<string, string | undefined> = process.env): string {
  return env.FOYER_APP_DIR ? resolve(env.FOYER_APP_DIR) : APP_DIST;
}

/**
 * `npm start` builds what is missing: without dist/web/index.html the app is built once, here, before the
 * server listens. Vite is imported only then, so a start with a built app stays fast. The build goes to a
 * temporary directory that is renamed into place, so two processes starting at once cannot serve a
 * half-written build.
 */
export async function ensureAppBuilt(log: Logger, appDir: string = APP_DIST): Promise<void> {
  if (existsSync(join(appDir, 'index.html'))) return;
  log.info({ appDir }, 'the app is not built: building it (once)');
  const started = performance.now();
  const outDir = `${appDir}.building-${process.pid}`;
  const { build } = await import('vite');
  await build({
    root: PROJECT_ROOT,
    configFile: join(PROJECT_ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  try {
    await rename(outDir, appDir);
  } catch {
    if (existsSync(join(appDir, 'index.html'))) {
      // Another process finished first; its build is as good as ours.
      await rm(outDir, { recursive: true, force: true });
    } else {
      // A leftover dist/web without index.html: replace it.
      await rm(appDir, { recursive: true, force: true });
      await rename(outDir, appDir);
    }
  }
  log.info({ appDir, buildMs: Math.round(performance.now() - started) }, 'app built');
}

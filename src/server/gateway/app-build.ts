import { spawn } from 'node:child_process';
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
export function appDir(config: { FOYER_APP_DIR?: string | undefined }): string {
  return config.FOYER_APP_DIR ? resolve(config.FOYER_APP_DIR) : APP_DIST;
}

/**
 * `npm start` builds what is missing: without dist/web/index.html the app is built once, before the
 * server listens. The build goes to a temporary directory that is renamed into place, so two processes
 * starting at once cannot serve a half-written build.
 */
export async function ensureAppBuilt(log: Logger, appDir: string = APP_DIST): Promise<void> {
  if (existsSync(join(appDir, 'index.html'))) return;
  log.info({ appDir }, 'the app is not built: building it (once)');
  const started = performance.now();
  const outDir = `${appDir}.building-${process.pid}`;
  await buildInChildProcess(outDir);
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

/**
 * Vite's own CLI in a process of its own. A first start seeds the demo data meanwhile: in this process the
 * seed's CPU work and the build's plugin callbacks would take turns on one event loop (a 10 s build then
 * took a minute), while a second process puts the build on another core.
 */
function buildInChildProcess(outDir: string): Promise<void> {
  const viteCli = join(PROJECT_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const args = [viteCli, 'build', '--config', join(PROJECT_ROOT, 'vite.config.ts'), '--logLevel', 'warn'];
  const child = spawn(process.execPath, [...args, '--outDir', outDir, '--emptyOutDir'], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  // A server stopped mid-build takes its build with it.
  const stopBuild = () => child.kill();
  process.once('exit', stopBuild);
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    errors = (errors + chunk.toString('utf8')).slice(-4_000);
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      process.off('exit', stopBuild);
      if (code === 0) return resolve();
      const lastLine = errors.trim().split('\n').at(-1) ?? '';
      reject(new Error(`vite build stopped (${signal ?? `exit code ${code}`})${lastLine ? `: ${lastLine}` : ''}`));
    });
  });
}

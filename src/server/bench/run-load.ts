import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { LoadJob, LoadResult } from './load-generator';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const LOAD_GENERATOR = join(import.meta.dirname, 'load-generator.ts');

/** Runs one load job in a child process (load-generator.ts), so the load never shares the server's event loop. */
export function runLoad(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [LOAD_GENERATOR], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load generator exited with ${code}`));
      else resolve(JSON.parse(output) as LoadResult);
    });
    child.stdin.end(JSON.stringify(job));
  });
}

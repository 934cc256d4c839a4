import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Context } from 'hono';

const gzipAsync = promisify(gzip);

/** `input` gzipped at `level` (node:zlib's constants), in the thread pool: bytes a Response takes as its body. */
export function gzipOffLoop(input: string | Uint8Array, level: number): Promise<Uint8Array<ArrayBuffer>> {
  return gzipAsync(input, { level }) as Promise<Uint8Array<ArrayBuffer>>;
}

/** Below this, compressing saves less than it costs. */
export const MIN_GZIP_BYTES = 1024;

/**
 * Whether `Accept-Encoding` allows gzip (RFC 9110 12.5.3): listed as `gzip` or `x-gzip`, or covered by `*`,
 * with a non-zero weight.
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let wildcard = false;
  for (const entry of header.split(',')) {
    const [coding = '', ...parameters] = entry.trim().toLowerCase().split(';');
    const q = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    const acceptable = q === undefined || Number(q.slice(2)) > 0;
    if (coding === 'gzip' || coding === 'x-gzip') return acceptable;
    if (coding === '*') wildcard = acceptable;
  }
  return wildcard;
}

/**
 * Whether a JSON answer goes to the browser gzipped, and if so, says so in its headers: when the browser
 * accepts gzip and the text is not tiny. A full load of the customer list is 1,000 pages of ~67 kB; sent as
 * they are, writing them to the socket cost the server more CPU than making them, and reading them cost the
 * browser as much again. Gzip at its fastest level (in the thread pool, ~0.3 ms a page) makes them 7 times
 * smaller.
 */
export function chooseGzip(c: Context, json: string, headers: Headers): boolean {
  if (json.length < MIN_GZIP_BYTES || !acceptsGzip(c.req.header('accept-encoding'))) return false;
  headers.set('content-encoding', 'gzip');
  headers.set('vary', 'Accept-Encoding');
  return true;
}

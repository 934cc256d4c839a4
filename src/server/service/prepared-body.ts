import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Context } from 'hono';
import { acceptsGzip, MIN_GZIP_BYTES } from '../accept-gzip';

const gzipAsync = promisify(gzip);

/**
 * A JSON response body built once and sent many times (the partner event list, seating plans, pages of
 * orders): its UTF-8 bytes, plus their gzip, made on the first request that accepts it (in the thread
 * pool, off the event loop) and kept with them. These bodies are large and repetitive — the demo event
 * list is 537 kB, 36 kB gzipped — so a client that sends `Accept-Encoding: gzip` (browsers, `curl
 * --compressed`, `fetch`) waits for and reads a fifteenth of the bytes, and the server writes that much less.
 */
export class PreparedBody {
  readonly bytes: Uint8Array<ArrayBuffer>;
  #gzipped: Promise<Uint8Array<ArrayBuffer>> | undefined;

  constructor(json: string | Uint8Array<ArrayBuffer>) {
    this.bytes = typeof json === 'string' ? Buffer.from(json, 'utf8') : json;
  }

  gzipped(): Promise<Uint8Array<ArrayBuffer>> {
    this.#gzipped ??= gzipAsync(this.bytes) as Promise<Uint8Array<ArrayBuffer>>;
    return this.#gzipped;
  }

  /** Memory held: the bytes, and the gzip when made (at most as large). */
  get approximateBytes(): number {
    return this.bytes.byteLength * (this.#gzipped ? 2 : 1);
  }
}

/** Sends a prepared body as JSON, gzipped when the client accepts it. */
export async function sendPreparedJson(c: Context, body: PreparedBody): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json', vary: 'Accept-Encoding' };
  if (body.bytes.byteLength >= MIN_GZIP_BYTES && acceptsGzip(c.req.header('accept-encoding'))) {
    return c.body(await body.gzipped(), 200, { ...headers, 'content-encoding': 'gzip' });
  }
  return c.body(body.bytes, 200, headers);
}

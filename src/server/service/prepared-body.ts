import { promisify } from 'node:util';
import { gzip, constants as zlibConstants } from 'node:zlib';
import type { Context } from 'hono';
import { acceptsGzip, MIN_GZIP_BYTES } from '../accept-gzip';

const gzipAsync = promisify(gzip);

/**
 * A JSON response body built once and sent many times (the partner event list, seating plans, pages of
 * orders and customers): its text, and its gzip, made when first asked for (in the thread pool, off the
 * event loop) and kept. These bodies are large and repetitive — the demo event list
 * is 537 kB, 36 kB gzipped — so a client that sends `Accept-Encoding: gzip` (browsers, `curl --compressed`,
 * `fetch`) waits for and reads a fifteenth of the bytes, and the server writes that much less.
 */
export class PreparedBody {
  readonly text: string;
  /** A page envelope's: where its top-level fields after `data` begin (0 when not known). */
  readonly pageFieldsAt: number;
  readonly #gzipLevel: number;
  #gzipped: Promise<Uint8Array<ArrayBuffer>> | undefined;
  #derived: { key: string; body: PreparedBody } | undefined;

  /**
   * `gzipLevel`: the default compresses best; the fastest level suits a body made in a burst of many (the
   * gateway's forms of the pages of a full load, each made while the browser waits).
   */
  constructor(text: string, options: { gzipLevel?: number; pageFieldsAt?: number } = {}) {
    this.text = text;
    this.pageFieldsAt = options.pageFieldsAt ?? 0;
    this.#gzipLevel = options.gzipLevel ?? zlibConstants.Z_DEFAULT_COMPRESSION;
  }

  gzipped(): Promise<Uint8Array<ArrayBuffer>> {
    this.#gzipped ??= gzipAsync(this.text, { level: this.#gzipLevel }) as Promise<Uint8Array<ArrayBuffer>>;
    return this.#gzipped;
  }

  /**
   * A body made from this one (the gateway's form of it), kept with it under `key` so that it is made once
   * per key and goes when this one goes; one key at a time.
   */
  derived(key: string, make: (body: PreparedBody) => PreparedBody): PreparedBody {
    if (this.#derived?.key !== key) this.#derived = { key, body: make(this) };
    return this.#derived.body;
  }
}

/**
 * The prepared body a response of `sendPreparedJson` was made from. The gateway calls the embedded service
 * in this process; with this it takes the text as it is instead of reading the response's bytes back into
 * a string (a full customer load is 67 MB of JSON), and keeps its own form with it.
 */
const bodyOfResponse = new WeakMap<Response, PreparedBody>();

export const preparedBodyOf = (response: Response): PreparedBody | undefined => bodyOfResponse.get(response);

/** Sends a prepared body as JSON, gzipped when the client accepts it. */
export async function sendPreparedJson(c: Context, body: PreparedBody): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json', vary: 'Accept-Encoding' };
  const response =
    body.text.length >= MIN_GZIP_BYTES && acceptsGzip(c.req.header('accept-encoding'))
      ? c.body(await body.gzipped(), 200, { ...headers, 'content-encoding': 'gzip' })
      : c.body(body.text, 200, headers);
  bodyOfResponse.set(response, body);
  return response;
}

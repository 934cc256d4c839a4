/**
 * Prepared responses: the service's large reads (seating plans, the partner event list, pages of orders and
 * customers), built once and served many times. Everything that keeps or hands on a response body lives in
 * this module; its interface:
 *
 * - **What one is.** A `PreparedBody<T>` is the JSON text of a `T` (the type is declared where it is built)
 *   plus its gzip, made when first asked for (off the event loop) and kept with it. A `PreparedPage<Row>` is a
 *   page's rows as one JSON text; `preparedPageBody` makes its bodies, one per envelope (page URLs name the
 *   request's origin and filter).
 * - **Who creates them.** Domain functions: they build a value under `preparedResponse`, which keeps it per
 *   database handle and key together with the version it was built under.
 * - **Invalidation.** By version only; no code deletes an entry. The version is read with `changeVersion`
 *   (domain/change-counters.ts: the change counters that triggers move at the commit of every write, and the
 *   catalog version) BEFORE the data, and compared on every use: another version, or a request clock outside
 *   the value's `validFromMs`/`validUntilMs` (a hold lapses without any write), rebuilds it. Entries are
 *   bounded to 96 MB per handle; the least recently used go first.
 * - **Who reads them.** Routes send one with `sendPreparedJson` (typed as the JSON of `T`, gzipped when the
 *   client accepts it). The gateway reads one only through its `ServiceConnection` (`prepared(answer)`), whose
 *   embedded form asks `preparedBodyOf`: the text as it is instead of the response's bytes read back (a full
 *   customer load is 67 MB of JSON), with its own form of it kept alongside (`derived`).
 */
import { constants as zlibConstants } from 'node:zlib';
import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import type { Paginated } from '../../contract/pagination';
import { acceptsGzip, gzipOffLoop, MIN_GZIP_BYTES } from '../accept-gzip';
import type { Queryable } from '../db/database';
import { pageEnvelopeFields } from '../pagination';

/**
 * A JSON response body built once and sent many times: its text, and its gzip, made when first asked for
 * (in the thread pool, off the event loop) and kept. These bodies are large and repetitive — the demo event
 * list is 537 kB, 36 kB gzipped — so a client that sends `Accept-Encoding: gzip` (browsers,
 * `curl --compressed`, `fetch`) waits for and reads a fifteenth of the bytes, and the server writes that much
 * less. `T` is what the text is the JSON of, declared by whoever builds it.
 */
export class PreparedBody<T = unknown> {
  readonly text: string;
  /** A page envelope's: where its top-level fields after `data` begin (0 when not known). */
  readonly pageFieldsAt: number;
  /** Type only: what `text` is the JSON of. */
  declare readonly json?: T;
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

  /** The prepared body of `value`. */
  static of<T>(value: T): PreparedBody<T> {
    return new PreparedBody<T>(JSON.stringify(value));
  }

  gzipped(): Promise<Uint8Array<ArrayBuffer>> {
    this.#gzipped ??= gzipOffLoop(this.text, this.#gzipLevel);
    return this.#gzipped;
  }

  /**
   * A body whose text `rewrite` makes from this one's (the gateway's form of it), kept with it under `key` so
   * that it is made once per key and goes when this one goes; one key at a time.
   */
  derived(key: string, rewrite: (body: PreparedBody<T>) => string, options: { gzipLevel?: number } = {}): PreparedBody {
    if (this.#derived?.key !== key) this.#derived = { key, body: new PreparedBody(rewrite(this), options) };
    return this.#derived.body;
  }
}

/** The prepared body each response of `sendPreparedJson` was made from (read by `preparedBodyOf`). */
const bodyOfResponse = new WeakMap<Response, PreparedBody>();

/**
 * The prepared body a response of this process's service was sent from, if any. Only the embedded
 * `ServiceConnection` (gateway/service-connection.ts) asks; the rest of the gateway asks that connection.
 */
export const preparedBodyOf = (response: Response): PreparedBody | undefined => bodyOfResponse.get(response);

/**
 * Sends a prepared body as JSON, gzipped when the client accepts it. The response is typed as the JSON of
 * `T`, which is what its text is (see PreparedBody): the one place where a body sent as text gets that type.
 */
export async function sendPreparedJson<T>(
  c: Context,
  body: PreparedBody<T>,
): Promise<Response & TypedResponse<JSONParsed<T>, 200, 'json'>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', vary: 'Accept-Encoding' };
  const response: Response =
    body.text.length >= MIN_GZIP_BYTES && acceptsGzip(c.req.header('accept-encoding'))
      ? c.body(await body.gzipped(), 200, { ...headers, 'content-encoding': 'gzip' })
      : c.body(body.text, 200, headers);
  bodyOfResponse.set(response, body);
  // Sent as bytes, so Hono types it as a body; it is the JSON of a `T` (see PreparedBody), which this says.
  return response as Response & TypedResponse<JSONParsed<T>, 200, 'json'>;
}

/** Rows already serialised (a prepared page of orders), and the bodies made from them so far. */
export interface PreparedPage<Row> {
  total: number;
  rowCount: number;
  /** The JSON of the page's `Row[]`. */
  dataJson: string;
  /** Bodies by their envelope, which names the request's origin and filter: a handful per page at most. */
  bodies: Map<string, PreparedBody<Paginated<Row>>>;
}

const MAX_BODIES_PER_PAGE = 4;

/**
 * The body of a prepared page: the same text `JSON.stringify` gives for `pageEnvelope` with those rows,
 * without parsing or serialising them again — made once per envelope and then reused (with its gzip) for
 * as long as the page is current.
 */
export function preparedPageBody<Row>(options: {
  requestUrl: string;
  page: number;
  prepared: PreparedPage<Row>;
  carry?: Record<string, string | undefined>;
}): PreparedBody<Paginated<Row>> {
  const { prepared } = options;
  const envelope = JSON.stringify(
    pageEnvelopeFields({ ...options, total: prepared.total, rowCount: prepared.rowCount }),
  );
  let body = prepared.bodies.get(envelope);
  if (!body) {
    const oldest = prepared.bodies.keys().next();
    if (prepared.bodies.size >= MAX_BODIES_PER_PAGE && !oldest.done) prepared.bodies.delete(oldest.value);
    const head = `{"data":${prepared.dataJson},`;
    body = new PreparedBody(head + envelope.slice(1), { pageFieldsAt: head.length });
    prepared.bodies.set(envelope, body);
  }
  return body;
}

export interface Prepared<T> {
  value: T;
  /** Approximate memory held, for the cache's bound. */
  bytes: number;
  /**
   * Request clocks (ms) for which the value holds: from the clock it was built with until the first hold
   * in it lapses (a lapse changes availability without any write). Absent: any clock.
   */
  validFromMs?: number;
  validUntilMs?: number;
}

interface Entry {
  version: string;
  prepared: Promise<Prepared<unknown>>;
  bytes: number;
}

const MAX_BYTES = 96 * 1024 * 1024;

class PreparedResponses {
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;

  get(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry) {
      // Most recently used last.
      this.#entries.delete(key);
      this.#entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: Entry): void {
    this.delete(key);
    this.#entries.set(key, entry);
  }

  /** Counts an entry's size once it is built, then evicts the least recently used beyond the bound. */
  account(key: string, entry: Entry, bytes: number): void {
    if (this.#entries.get(key) !== entry) return;
    entry.bytes = bytes;
    this.#bytes += bytes;
    for (const [oldKey, old] of this.#entries) {
      if (this.#bytes <= MAX_BYTES || old === entry) break;
      this.delete(oldKey);
    }
  }

  delete(key: string, only?: Entry): void {
    const entry = this.#entries.get(key);
    if (!entry || (only && entry !== only)) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}

/** Per database handle: tests open many databases in one process. */
const caches = new WeakMap<Queryable, PreparedResponses>();

const holdsAt = (prepared: Prepared<unknown>, nowMs: number) =>
  (prepared.validFromMs === undefined || nowMs >= prepared.validFromMs) &&
  (prepared.validUntilMs === undefined || nowMs < prepared.validUntilMs);

/**
 * The value prepared under `key` when it was built under `version` and holds at `now`; otherwise what
 * `build` makes (once for concurrent callers of the same version). `version` must have been read with
 * `changeVersion` before `build` reads anything. A failed build is not kept.
 */
export async function preparedResponse<T>(
  db: Queryable,
  key: string,
  version: string,
  now: Date,
  build: () => Promise<Prepared<T>>,
): Promise<T> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new PreparedResponses();
    caches.set(db, cache);
  }
  const nowMs = now.getTime();
  const known = cache.get(key);
  if (known && known.version === version) {
    const prepared = (await known.prepared.catch(() => undefined)) as Prepared<T> | undefined;
    if (prepared && holdsAt(prepared, nowMs)) return prepared.value;
  }
  const entry: Entry = { version, prepared: build(), bytes: 0 };
  cache.set(key, entry);
  const store = cache;
  try {
    const prepared = (await entry.prepared) as Prepared<T>;
    store.account(key, entry, prepared.bytes);
    return prepared.value;
  } catch (error) {
    store.delete(key, entry);
    throw error;
  }
}

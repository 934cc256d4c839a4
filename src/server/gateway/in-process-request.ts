/**
 * The `Request` the gateway hands the embedded service, made only as far as the service reads it. A web
 * `Request` with a body builds a stream, an abort signal and its own copy of the headers when it is made, and
 * the route then reads its JSON back through that stream: 44 µs a call against 17 µs for this one (a bare
 * Hono route answering JSON, 50,000 calls in a loop), and a sale through the gateway makes three or four such
 * calls (issue 32). As @hono/node-server does for a socket's request: method, URL, headers and the body's
 * text, JSON or bytes are answered from what the gateway already holds; anything else (the body as a stream, a
 * clone, form data) makes the whole `Request` once, and from then on it answers for everything.
 */

type InProcessBody = string | ArrayBuffer | ArrayBufferView<ArrayBuffer>;

interface Held {
  readonly method: string;
  readonly url: string;
  readonly headers: Headers;
  readonly body: InProcessBody | null;
  /** The body was read (as text, JSON or bytes). */
  used: boolean;
  /** The whole `Request`, once something only it has was asked for. */
  whole: Request | null;
}

const HELD = Symbol('held');
type Light = { [HELD]: Held };
const heldOf = (request: unknown): Held => (request as Light)[HELD];

/** No in-process call is aborted: the service's work for it runs to its end, as over a socket. */
const NEVER_ABORTED = new AbortController().signal;

function wholeOf(request: unknown): Request {
  const held = heldOf(request);
  if (!held.whole) {
    if (held.used) throw new TypeError('Body is unusable: Body has already been read');
    held.whole = new Request(held.url, {
      method: held.method,
      headers: held.headers,
      ...(held.body === null ? {} : { body: held.body }),
    });
  }
  return held.whole;
}

/** The body's bytes as they were given, once: a second read fails as a `Request`'s does. */
function take(request: unknown): InProcessBody | null {
  const held = heldOf(request);
  if (held.used) throw new TypeError('Body is unusable: Body has already been read');
  held.used = true;
  return held.body;
}

const decoder = new TextDecoder();
const textOf = (body: InProcessBody | null): string =>
  body === null ? '' : typeof body === 'string' ? body : decoder.decode(body);

function bytesOf(body: InProcessBody | null): ArrayBuffer {
  if (body === null) return new ArrayBuffer(0);
  if (typeof body === 'string') return new TextEncoder().encode(body).buffer as ArrayBuffer;
  if (body instanceof ArrayBuffer) return body.slice(0);
  return body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer;
}

const lightPrototype = {
  get method() {
    return heldOf(this).method;
  },
  get url() {
    return heldOf(this).url;
  },
  get headers() {
    return heldOf(this).headers;
  },
  get signal() {
    return NEVER_ABORTED;
  },
  get body() {
    return heldOf(this).body === null && !heldOf(this).whole ? null : wholeOf(this).body;
  },
  get bodyUsed() {
    const held = heldOf(this);
    return held.whole ? held.whole.bodyUsed : held.used;
  },
  text(): Promise<string> {
    if (heldOf(this).whole) return wholeOf(this).text();
    try {
      return Promise.resolve(textOf(take(this)));
    } catch (error) {
      return Promise.reject(error);
    }
  },
  json(): Promise<unknown> {
    return lightPrototype.text.call(this).then((text) => JSON.parse(text) as unknown);
  },
  arrayBuffer(): Promise<ArrayBuffer> {
    if (heldOf(this).whole) return wholeOf(this).arrayBuffer();
    try {
      return Promise.resolve(bytesOf(take(this)));
    } catch (error) {
      return Promise.reject(error);
    }
  },
};
// Everything else a `Request` has is the whole one's.
for (const name of ['blob', 'formData', 'clone', 'bytes'] as const) {
  Object.defineProperty(lightPrototype, name, {
    value(...args: unknown[]) {
      const whole = wholeOf(this) as unknown as Record<string, (...a: unknown[]) => unknown>;
      return whole[name]?.apply(whole, args);
    },
  });
}
for (const name of [
  'cache',
  'credentials',
  'destination',
  'duplex',
  'integrity',
  'keepalive',
  'mode',
  'redirect',
  'referrer',
  'referrerPolicy',
] as const) {
  Object.defineProperty(lightPrototype, name, {
    get() {
      return (wholeOf(this) as unknown as Record<string, unknown>)[name];
    },
  });
}

/**
 * A `Request` by `instanceof` of the global `Request` as it is now: @hono/node-server puts its own subclass in
 * its place when it starts serving (after this module was loaded), as a socket's requests are of that one.
 */
function followGlobalRequest(): void {
  if (Object.getPrototypeOf(lightPrototype) !== Request.prototype)
    Object.setPrototypeOf(lightPrototype, Request.prototype);
}

/**
 * A `Request` (it is one by `instanceof`) of `method` to `url` with `headers` (kept as they are: made for this
 * one call) and `body`, made only as far as it is read (see above). A body without a `Content-Length` makes a
 * whole `Request` at once: the body limit then counts it through a stream and makes a `Request` of this one,
 * which only a whole one can be made from.
 */
export function inProcessRequest(
  url: string,
  init: { method?: string | undefined; headers: Headers; body?: InProcessBody | null | undefined },
): Request {
  const method = (init.method ?? 'GET').toUpperCase();
  const body = init.body ?? null;
  if (body !== null && !init.headers.has('content-length'))
    return new Request(url, { method, headers: init.headers, body });
  followGlobalRequest();
  const request = Object.create(lightPrototype) as Light;
  request[HELD] = {
    method,
    url,
    headers: init.headers,
    body,
    used: false,
    whole: null,
  };
  return request as unknown as Request;
}

import { promisify } from 'node:util';
import { gzip, constants as zlibConstants } from 'node:zlib';
import { getConnInfo } from '@hono/node-server/conninfo';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status';
import type { Logger } from 'pino';
import { z } from 'zod';
import { acceptsGzip, MIN_GZIP_BYTES } from '../accept-gzip';
import { PreparedBody, preparedBodyOf } from '../service/prepared-body';
import { AttemptLimiter } from './attempt-limiter';
import { rewritePageUrls, toGatewayUrl } from './page-urls';
import { requestOrigin, requireSameOrigin } from './same-origin';
import { type ServiceConnection, ServiceUnreachableError } from './service-connection';
import type { Session, SessionStore } from './session-store';

export const SESSION_COOKIE = 'foyer_session';

/**
 * A cheap partner call that proves a key: the hall list is short, exists in every implementation of the
 * interface, and answers 401/403 for a wrong key and 404 for an unknown client.
 */
const KEY_CHECK_PATH = '/partner/hall';

/** Response headers of the service that the app may need; everything else stays behind the gateway. */
const PASSED_RESPONSE_HEADERS = ['content-type', 'retry-after', 'content-disposition'] as const;

/** Request headers of the browser passed on; Authorization and Cookie never are. */
const PASSED_REQUEST_HEADERS = ['content-type', 'accept', 'accept-language'] as const;

const MAX_BODY_BYTES = 1024 * 1024;

const gzipAsync = promisify(gzip);

const signInSchema = z.object({
  clientName: z.string().trim().min(1, 'Enter the client name').max(64, 'At most 64 characters'),
  apiKey: z.string().trim().min(1, 'Enter the API key').max(1024, 'At most 1024 characters'),
});

export interface GatewayOptions {
  service: ServiceConnection;
  sessions: SessionStore;
  /** Sign-in attempts per client address (default: 10 per 5 minutes). */
  signInLimiter?: AttemptLimiter;
  log: Logger;
  /** The address sign-in attempts are counted by; default the TCP peer of the request. */
  clientAddress?: (c: Context) => string;
}

function peerAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // No socket (an in-process request): all such callers share one bucket.
    return 'unknown';
  }
}

const isHttps = (c: Context) => requestOrigin(c).startsWith('https:');

/**
 * The backend-for-frontend under `/api`: sign-in that turns an API key into an httpOnly session cookie,
 * and `/api/v1/{client_name}/...` forwarded to the service with the session's key added. The key never
 * leaves the server: not in a response, a URL or a log line.
 */
export function createGatewayApp(options: GatewayOptions): Hono {
  const { service, sessions, log } = options;
  const limiter = options.signInLimiter ?? new AttemptLimiter({ limit: 10, windowMs: 5 * 60_000 });
  const clientAddress = options.clientAddress ?? peerAddress;
  const gateway = new Hono();

  gateway.use('*', requireSameOrigin());
  gateway.use(
    '*',
    bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ message: 'Request body too large' }, 413) }),
  );

  const clearSessionCookie = (c: Context) =>
    deleteCookie(c, SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'Strict', secure: isHttps(c) });

  gateway.post('/session', async (c) => {
    const address = clientAddress(c);
    const decision = limiter.attempt(address);
    if (!decision.allowed) {
      log.warn({ address }, 'sign-in rate limited');
      c.header('Retry-After', String(decision.retryAfterSeconds));
      return c.json({ message: 'Too many sign-in attempts. Try again later.' }, 429);
    }
    let input: unknown;
    try {
      input = await c.req.json();
    } catch {
      return c.json({ message: 'Malformed JSON in request body' }, 400);
    }
    const parsed = signInSchema.safeParse(input);
    if (!parsed.success) {
      const errors = z.flattenError(parsed.error).fieldErrors as Record<string, string[]>;
      return c.json({ message: 'The given data was invalid.', errors }, 422);
    }
    const { clientName, apiKey } = parsed.data;

    let check: Response;
    try {
      check = await service.fetch(
        `/v1/${encodeURIComponent(clientName)}${KEY_CHECK_PATH}`,
        { headers: { authorization: apiKey, accept: 'application/json' } },
        requestOrigin(c),
      );
    } catch (error) {
      if (!(error instanceof ServiceUnreachableError)) throw error;
      log.error({ reason: error.message }, 'sign-in: the Ticketing Service cannot be reached');
      return c.json({ message: 'The Ticketing Service cannot be reached. Try again later.' }, 502);
    }
    await check.body?.cancel();

    if (check.ok) {
      // A fresh id on every sign-in (no session fixation); the previous session of this browser ends.
      sessions.destroy(getCookie(c, SESSION_COOKIE));
      setCookie(c, SESSION_COOKIE, sessions.create(clientName, apiKey), {
        path: '/',
        httpOnly: true,
        sameSite: 'Strict',
        secure: isHttps(c),
        maxAge: sessions.absoluteTimeoutSeconds,
      });
      log.info({ clientName, address }, 'signed in');
      return c.json({ clientName }, 200);
    }
    if (check.status === 401 || check.status === 403 || check.status === 404) {
      // The typed client name is not logged: people paste the key into the wrong field.
      log.info({ address }, 'sign-in refused: unknown client name or API key');
      return c.json({ message: 'Unknown client name or API key' }, 401);
    }
    if (check.status === 429) {
      const retryAfter = check.headers.get('retry-after');
      if (retryAfter) c.header('Retry-After', retryAfter);
      return c.json({ message: 'The Ticketing Service is busy. Try again shortly.' }, 429);
    }
    log.error({ status: check.status }, 'sign-in: unexpected answer of the Ticketing Service');
    return c.json({ message: 'The Ticketing Service could not check the API key. Try again later.' }, 502);
  });

  gateway.get('/session', (c) => {
    const cookie = getCookie(c, SESSION_COOKIE);
    const session = sessions.resolve(cookie);
    if (!session) {
      if (cookie !== undefined) clearSessionCookie(c);
      return c.json({ message: 'Not signed in' }, 401);
    }
    return c.json({ clientName: session.clientName }, 200);
  });

  gateway.delete('/session', (c) => {
    sessions.destroy(getCookie(c, SESSION_COOKIE));
    clearSessionCookie(c);
    return c.body(null, 204);
  });

  gateway.all('/v1/*', async (c) => {
    const cookie = getCookie(c, SESSION_COOKIE);
    const session = sessions.resolve(cookie);
    if (!session) return c.json({ message: 'Not signed in' }, 401);
    const url = new URL(c.req.url);
    const servicePath = url.pathname.slice('/api'.length);
    if (pathClient(servicePath) !== session.clientName) {
      return c.json({ message: 'This session is signed in for another client' }, 403);
    }
    try {
      return await forward(c, session, `${servicePath}${url.search}`);
    } catch (error) {
      if (!(error instanceof ServiceUnreachableError)) throw error;
      log.error({ reason: error.message, path: servicePath }, 'the Ticketing Service cannot be reached');
      return error.timedOut
        ? c.json({ message: 'The Ticketing Service did not answer in time.' }, 504)
        : c.json({ message: 'The Ticketing Service cannot be reached. Try again later.' }, 502);
    }
  });

  gateway.all('*', (c) => c.json({ message: 'Not found' }, 404));

  async function forward(c: Context, session: Session, pathAndQuery: string): Promise<Response> {
    const headers = new Headers({ authorization: session.apiKey });
    for (const name of PASSED_REQUEST_HEADERS) {
      const value = c.req.header(name);
      if (value) headers.set(name, value);
    }
    const method = c.req.method;
    const body = method === 'GET' || method === 'HEAD' ? undefined : await c.req.arrayBuffer();
    const gatewayOrigin = requestOrigin(c);
    const answer = await service.fetch(
      pathAndQuery,
      { method, headers, body: body && body.byteLength > 0 ? body : undefined },
      gatewayOrigin,
    );
    if (answer.status === 401) {
      // The key was valid at sign-in; the service no longer accepts it (revoked): the session ends too.
      sessions.destroy(getCookie(c, SESSION_COOKIE));
      clearSessionCookie(c);
    }
    const serviceBase = service.baseUrl(gatewayOrigin);
    const responseHeaders = new Headers({ 'Cache-Control': 'no-store' });
    for (const name of PASSED_RESPONSE_HEADERS) {
      const value = answer.headers.get(name);
      if (value) responseHeaders.set(name, value);
    }
    const location = answer.headers.get('location');
    if (location) {
      responseHeaders.set(
        'location',
        location.startsWith('/v1/') ? `/api${location}` : toGatewayUrl(location, serviceBase),
      );
    }
    // c.body keeps what this handler already set (a cleared session cookie).
    const status = answer.status as StatusCode;
    if (answer.status === 204 || answer.status === 304 || method === 'HEAD') {
      await answer.body?.cancel();
      return c.body(null, { status, headers: responseHeaders });
    }
    const contentType = answer.headers.get('content-type') ?? '';
    if (!contentType.includes('json')) {
      return c.body(answer.body ?? '', { status: status as ContentfulStatusCode, headers: responseHeaders });
    }
    const init = { status: status as ContentfulStatusCode, headers: responseHeaders };
    const prepared = preparedBodyOf(answer);
    if (prepared) {
      // From the embedded service: its gateway form is made once per service base and kept with it, gzip
      // included, for as long as the service keeps the body. The answer's own body is never read, so it is
      // never encoded (@hono/node-server's Response makes its stream only when asked for).
      const forBrowser = prepared.derived(
        serviceBase,
        (body) =>
          new PreparedBody(rewritePageUrls(body.text, serviceBase, body.pageFieldsAt), {
            gzipLevel: zlibConstants.Z_BEST_SPEED,
          }),
      );
      if (!chooseGzip(c, forBrowser.text, responseHeaders)) return c.body(forBrowser.text, init);
      return c.body(await forBrowser.gzipped(), init);
    }
    const json = rewritePageUrls(await answer.text(), serviceBase);
    if (!chooseGzip(c, json, responseHeaders)) return c.body(json, init);
    return c.body((await gzipAsync(json, { level: zlibConstants.Z_BEST_SPEED })) as Uint8Array<ArrayBuffer>, init);
  }

  return gateway;
}

/**
 * Whether a JSON answer goes to the browser gzipped, and if so, says so in its headers: when the browser
 * accepts gzip and the text is not tiny. A full load of the customer list is 1,000 pages of ~67 kB; sent as
 * they are, writing them to the socket cost the server more CPU than making them, and reading them cost the
 * browser as much again. Gzip at its fastest level (in the thread pool, ~0.3 ms a page) makes them 7 times
 * smaller.
 */
function chooseGzip(c: Context, json: string, headers: Headers): boolean {
  if (json.length < MIN_GZIP_BYTES || !acceptsGzip(c.req.header('accept-encoding'))) return false;
  headers.set('content-encoding', 'gzip');
  headers.set('vary', 'Accept-Encoding');
  return true;
}

/** The decoded `{client_name}` of a `/v1/{client_name}/...` path; null when it cannot be decoded. */
function pathClient(servicePath: string): string | null {
  const segment = servicePath.split('/')[2] ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

import { constants as zlibConstants } from 'node:zlib';
import type { Context } from 'hono';
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status';
import { chooseGzip, gzipOffLoop } from '../../accept-gzip';
import { type GatewayEnv, refusal } from '../access';
import { type AuditAction, actor, forwardedAction, forwardedEntry, recordAuditGrouped } from '../audit';
import { ForbiddenError, UpstreamUnavailableError } from '../errors';
import type { GatewayDeps } from '../gateway-deps';
import { rewritePageUrls, toGatewayUrl } from '../page-urls';
import { type ForwardedRoute, forwardedRouteFor } from '../permissions';
import type { Principal } from '../principal';
import { EventCatalog } from '../reports';
import { requestOrigin } from '../same-origin';
import type { ServiceConnection } from '../service-connection';
import { isCheckout, joinShift } from '../shifts';
import { SINGLE_ATTEMPT, UpstreamClient } from '../upstream';
import { accessTo, buyerSummaryAnswer, deskOrderRefusal, permissionsFor, quickCreateRefusal } from './forward-limits';
import { keepWithinScope, type Narrowing } from './forward-scope';

/** Response headers of the service that the app may need; everything else stays behind the gateway. */
const PASSED_RESPONSE_HEADERS = ['content-type', 'retry-after', 'content-disposition'] as const;

/** Request headers of the browser passed on; Authorization and Cookie never are. */
const PASSED_REQUEST_HEADERS = ['content-type', 'accept', 'accept-language'] as const;

/**
 * `/api/v1/{client_name}/...`: the signed-in person's call, checked against the route table (what their
 * role allows), sent to the service by the organisation's upstream client, which adds the API key (opened
 * per call; it goes nowhere but the service's Authorization header). One attempt, never retried: a change
 * must not be made twice, and the service's answer, whatever it is, is the person's to see.
 */
export function forwardHandler(deps: GatewayDeps, options: { audit?: boolean; catalog?: EventCatalog } = {}) {
  // Off only in the benchmark, to measure what the trail costs a sale; the gateway always records.
  const auditing = options.audit ?? true;
  // The events a scope comes to are read from the catalog the reports share (one list per organisation).
  const scopeDeps = { db: deps.db, catalog: options.catalog ?? new EventCatalog(deps.db) };
  return async (c: Context<GatewayEnv>) => {
    const began = performance.now();
    const call = await admittedCall(deps, c);
    const upstream = UpstreamClient.forPerson(deps, call.principal, requestOrigin(c));
    const scoped = await keepWithinScope(scopeDeps, c, { ...call, upstream });
    const action = auditing ? forwardedAction(c.req.method, call.path) : null;
    if (scoped && 'answer' in scoped) return answeredHere(deps, c, { ...call, action }, scoped.answer);
    const before = action ? await readBefore(upstream, action, call.path) : undefined;
    const asPicker = call.access === 'buyer-summary' || call.access === 'quick-create';
    const narrow = bothNarrowings(asPicker ? buyerSummaryAnswer : null, scoped);
    const sent = performance.now();
    const forwarded = await forward(deps.service, c, upstream, `${call.path}${call.url.search}`, narrow);
    const answered = performance.now();
    await recordForwarded(deps, c, { ...call, upstream, action, before, forwarded });
    forwarded.response.headers.set('server-timing', serverTiming(began, sent, answered, performance.now()));
    return forwarded.response;
  };
}

/**
 * A call the gateway answers itself (a scoped person's order list: forward-scope.ts), its read in the trail as a
 * forwarded one's would be.
 */
async function answeredHere(
  deps: GatewayDeps,
  c: Context<GatewayEnv>,
  call: AdmittedCall & { action: AuditAction | null },
  answer: unknown,
): Promise<Response> {
  const answerText = JSON.stringify(answer);
  if (call.action) {
    const requestText = c.req.method === 'GET' ? null : (await c.req.text()) || null;
    await recordAuditGrouped(deps.db, {
      ...actor(call.principal),
      ...forwardedEntry(call.action, {
        method: c.req.method,
        path: call.path,
        search: call.url.searchParams,
        status: 200,
        requestText,
        answerText,
        before: undefined,
      }),
    });
  }
  const headers = new Headers({ 'Cache-Control': 'no-store', 'Content-Type': 'application/json' });
  const sent = chooseGzip(c, answerText, headers)
    ? await gzipOffLoop(answerText, zlibConstants.Z_BEST_SPEED)
    : answerText;
  return c.body(sent, { status: 200, headers });
}

/**
 * Where a forwarded call's time went, as the `Server-Timing` the browser's developer tools show beside the
 * request (and bench:selling prints per step): the checks before it was sent (the role's scope, the value a
 * change replaces), the service's answer, and the records made after it (the trail, the mirror, the shift).
 * Same-origin only: without Timing-Allow-Origin no other site's script can read it, and it tells nothing about
 * the service but how long it took.
 */
function serverTiming(began: number, sent: number, answered: number, recorded: number): string {
  const metric = (name: string, ms: number, description: string) =>
    `${name};dur=${ms.toFixed(1)};desc="${description}"`;
  return [
    metric('check', sent - began, 'Checks before the service'),
    metric('service', answered - sent, 'The service'),
    metric('record', recorded - answered, 'Trail, mirror and shift'),
  ].join(', ');
}

/** The answer cut by `first`, then by `second`; null when neither cuts it. */
function bothNarrowings(first: Narrowing | null, second: Narrowing | null): Narrowing | null {
  if (!first || !second) return first ?? second;
  return (text) => second(first(text));
}

/** A call the person may make: its path below `/v1/{client_name}` (without the query), its row and how. */
interface AdmittedCall {
  principal: Principal;
  url: URL;
  path: string;
  route: ForwardedRoute;
  access: Exclude<ReturnType<typeof accessTo>, 'refused'>;
}

/** Refuses (ForbiddenError) a call of another client, of a route not forwarded, or not the person's to make. */
async function admittedCall(deps: GatewayDeps, c: Context<GatewayEnv>): Promise<AdmittedCall> {
  const principal = c.get('principal');
  const url = new URL(c.req.url);
  const servicePath = url.pathname.slice('/api'.length);
  const client = pathClient(servicePath);
  if (client !== principal.clientName) throw new ForbiddenError('This session is signed in for another client');
  const path = servicePath.slice(`/v1/${servicePath.split('/')[2]}`.length);
  // An encoded slash could make one segment of ours two of the service's: such a path names no route here.
  const route = /%2f|%5c/i.test(path) ? null : forwardedRouteFor(c.req.method, path);
  if (!route) throw new ForbiddenError('Foyer does not forward this call.');
  const access = accessTo(route, principal);
  if (access === 'refused') throw new ForbiddenError(refusal(permissionsFor(route), principal));
  if (access === 'desk-orders') {
    const refused = await deskOrderRefusal(deps.db, principal, path);
    if (refused) throw new ForbiddenError(refused);
  }
  if (access === 'quick-create') {
    const refused = quickCreateRefusal(await c.req.text());
    if (refused) throw new ForbiddenError(refused);
  }
  return { principal, url, path, route, access };
}

/**
 * What a change replaces, read through the same connection just before it: the customer before an edit,
 * the tags before a tag change. Undefined when it cannot be read (the entry says so).
 */
async function readBefore(upstream: UpstreamClient, action: string, path: string): Promise<unknown> {
  if (action !== 'customer-edit' && action !== 'tags') return undefined;
  try {
    return (await upstream.read('GET', path, { missing: 'null', retry: SINGLE_ATTEMPT })) ?? undefined;
  } catch (error) {
    // The service answered, but not with it: the change goes on, its entry without the before.
    if (error instanceof UpstreamUnavailableError && error.upstreamStatus !== null) return undefined;
    throw error;
  }
}

interface Forwarded {
  response: Response;
  requestText: string | null;
  answerText: string | null;
  /** By the service's clock, no later than the call was made: its answer's `Date` (or this clock) less the trip. */
  madeFrom: Date;
}

/**
 * After the service answered, before the answer is sent, side by side (neither needs the other): the change in
 * the mirror (a customer created or edited, tags set, an order checked out — and, alongside the mirror's write,
 * a sale in the seller's open shift, with the order the mirror read), and the call in the audit trail, committed
 * before the answer reaches the browser, so no recorded call is lost. Both settle before a failure of either is
 * passed on.
 */
async function recordForwarded(
  deps: GatewayDeps,
  c: Context<GatewayEnv>,
  call: AdmittedCall & { upstream: UpstreamClient; action: AuditAction | null; before: unknown; forwarded: Forwarded },
): Promise<void> {
  const { method } = c.req;
  const { principal, path, forwarded } = call;
  const { response, requestText, answerText, madeFrom } = forwarded;
  const mirrored = deps.mirror
    .writeThrough(call.upstream, { method, path, status: response.status, answerText, madeFrom })
    .then(async ({ sold, mirrored }) => {
      if (!isCheckout(method, path) || response.status < 200 || response.status >= 300) return mirrored;
      // A sale while the seller has a shift open joins it (with or without the trail: it is the till's), while
      // the mirror writes the order.
      await Promise.all([mirrored, joinShift(deps, principal, requestOrigin(c), { requestText, answerText, sold })]);
    });
  const audited = call.action
    ? recordAuditGrouped(deps.db, {
        ...actor(principal),
        ...forwardedEntry(call.action, {
          method,
          path,
          search: call.url.searchParams,
          status: response.status,
          requestText,
          answerText,
          before: call.before,
        }),
      })
    : undefined;
  for (const settled of await Promise.allSettled([mirrored, audited])) {
    if (settled.status === 'rejected') throw settled.reason;
  }
}

/**
 * Sends the call and makes the browser's answer of the service's. `narrow`: what of a successful JSON answer
 * the browser gets (a limit of the route table), else all of it.
 */
async function forward(
  service: ServiceConnection,
  c: Context,
  upstream: UpstreamClient,
  pathAndQuery: string,
  narrow: ((text: string) => string) | null,
): Promise<Forwarded> {
  const headers = new Headers();
  for (const name of PASSED_REQUEST_HEADERS) {
    const value = c.req.header(name);
    if (value) headers.set(name, value);
  }
  const method = c.req.method;
  const body = method === 'GET' || method === 'HEAD' ? undefined : await c.req.arrayBuffer();
  const requestText = body && body.byteLength > 0 ? new TextDecoder().decode(body) : null;
  const sentAt = Date.now();
  const answer = await upstream.send(method, pathAndQuery, {
    headers,
    ...(body && body.byteLength > 0 ? { body } : {}),
  });
  const answeredAt = Date.now();
  // The embedded service sends no Date: it runs on this clock.
  const serviceClock = Date.parse(answer.headers.get('date') ?? '');
  const madeFrom = new Date((Number.isNaN(serviceClock) ? answeredAt : serviceClock) - (answeredAt - sentAt));
  const serviceBase = service.baseUrl(requestOrigin(c));
  const { response, answerText } = await browserAnswer(service, c, answer, serviceBase, narrow);
  return { response, requestText, answerText, madeFrom };
}

/** The service's answer as the browser gets it, and its JSON text as the service sent it (null if not JSON). */
async function browserAnswer(
  service: ServiceConnection,
  c: Context,
  answer: Response,
  serviceBase: string,
  narrow: ((text: string) => string) | null,
): Promise<{ response: Response; answerText: string | null }> {
  const headers = answerHeaders(answer, serviceBase);
  const status = answer.status as StatusCode;
  if (answer.status === 204 || answer.status === 304 || c.req.method === 'HEAD') {
    await answer.body?.cancel();
    return { response: c.body(null, { status, headers }), answerText: null };
  }
  const init = { status: status as ContentfulStatusCode, headers };
  if (!(answer.headers.get('content-type') ?? '').includes('json')) {
    return { response: c.body(answer.body ?? '', init), answerText: null };
  }
  const prepared = service.prepared(answer);
  if (narrow && answer.ok) {
    // The whole answer still goes to the trail and the mirror; the browser gets what the limit leaves, its
    // page links (an order list's) the gateway's.
    const whole = prepared ? prepared.text : await answer.text();
    return { response: c.body(rewritePageUrls(narrow(whole), serviceBase), init), answerText: whole };
  }
  if (prepared) {
    // From the embedded service: its gateway form is made once per service base and kept with it, gzip
    // included, for as long as the service keeps the body. The answer's own body is never read, so it is
    // never encoded (@hono/node-server's Response makes its stream only when asked for).
    const forBrowser = prepared.derived(
      serviceBase,
      (body) => rewritePageUrls(body.text, serviceBase, body.pageFieldsAt),
      { gzipLevel: zlibConstants.Z_BEST_SPEED },
    );
    const sent = chooseGzip(c, forBrowser.text, headers) ? await forBrowser.gzipped() : forBrowser.text;
    return { response: c.body(sent, init), answerText: prepared.text };
  }
  const json = rewritePageUrls(await answer.text(), serviceBase);
  if (!chooseGzip(c, json, headers)) return { response: c.body(json, init), answerText: json };
  const gzipped = await gzipOffLoop(json, zlibConstants.Z_BEST_SPEED);
  return { response: c.body(gzipped, init), answerText: json };
}

/** The answer's headers the browser may see, never cached, a `Location` turned into the gateway's form. */
function answerHeaders(answer: Response, serviceBase: string): Headers {
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  for (const name of PASSED_RESPONSE_HEADERS) {
    const value = answer.headers.get(name);
    if (value) headers.set(name, value);
  }
  const location = answer.headers.get('location');
  if (location) {
    headers.set('location', location.startsWith('/v1/') ? `/api${location}` : toGatewayUrl(location, serviceBase));
  }
  return headers;
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

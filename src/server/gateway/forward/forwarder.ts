import { promisify } from 'node:util';
import { gzip, constants as zlibConstants } from 'node:zlib';
import type { Context } from 'hono';
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status';
import { chooseGzip } from '../../accept-gzip';
import { type GatewayEnv, refusal } from '../access';
import { actor, forwardedAction, forwardedEntry, recordAudit } from '../audit';
import { ForbiddenError, UpstreamUnavailableError } from '../errors';
import type { GatewayDeps } from '../gateway-deps';
import { rewritePageUrls, toGatewayUrl } from '../page-urls';
import { forwardedRouteFor } from '../permissions';
import { requestOrigin } from '../same-origin';
import { isCheckout, joinShift } from '../shifts';
import { SINGLE_ATTEMPT, UpstreamClient } from '../upstream';
import { accessTo, buyerSummaryAnswer, deskOrderRefusal, permissionsFor } from './forward-limits';

/** Response headers of the service that the app may need; everything else stays behind the gateway. */
const PASSED_RESPONSE_HEADERS = ['content-type', 'retry-after', 'content-disposition'] as const;

/** Request headers of the browser passed on; Authorization and Cookie never are. */
const PASSED_REQUEST_HEADERS = ['content-type', 'accept', 'accept-language'] as const;

const gzipAsync = promisify(gzip);

/**
 * `/api/v1/{client_name}/...`: the signed-in person's call, checked against the route table (what their
 * role allows), sent to the service by the organisation's upstream client, which adds the API key (opened
 * per call; it goes nowhere but the service's Authorization header). One attempt, never retried: a change
 * must not be made twice, and the service's answer, whatever it is, is the person's to see.
 */
export function forwardHandler(deps: GatewayDeps, options: { audit?: boolean } = {}) {
  // Off only in the benchmark, to measure what the trail costs a sale; the gateway always records.
  const auditing = options.audit ?? true;
  const { service } = deps;
  return async (c: Context<GatewayEnv>) => {
    const principal = c.get('principal');
    const url = new URL(c.req.url);
    const servicePath = url.pathname.slice('/api'.length);
    const client = pathClient(servicePath);
    if (client !== principal.clientName) throw new ForbiddenError('This session is signed in for another client');
    const below = servicePath.slice(`/v1/${servicePath.split('/')[2]}`.length);
    // An encoded slash could make one segment of ours two of the service's: such a path names no route here.
    const route = /%2f|%5c/i.test(below) ? null : forwardedRouteFor(c.req.method, below);
    if (!route) throw new ForbiddenError('Foyer does not forward this call.');
    const access = accessTo(route, principal);
    if (access === 'refused') throw new ForbiddenError(refusal(permissionsFor(route), principal));
    if (access === 'desk-orders') {
      const refused = await deskOrderRefusal(deps.db, principal, below);
      if (refused) throw new ForbiddenError(refused);
    }
    const upstream = UpstreamClient.forPerson(deps, principal, requestOrigin(c));
    const action = auditing ? forwardedAction(c.req.method, below) : null;
    const before = action ? await readBefore(upstream, action, below) : undefined;
    const { response, requestText, answerText } = await forward(
      c,
      upstream,
      `${below}${url.search}`,
      access === 'buyer-summary' ? buyerSummaryAnswer : null,
    );
    // Both before the answer is sent, side by side (neither needs the other): a customer created or edited,
    // tags set, an order checked out, in the mirror; and the call in the audit trail — one statement
    // (gateway.audit_append: the chain's head upserted under its row lock, one INSERT), committed before the
    // answer reaches the browser, so no recorded call is lost.
    const mirrored = deps.mirror.writeThrough(upstream, {
      method: c.req.method,
      path: below,
      status: response.status,
      answerText,
    });
    const audited = action
      ? recordAudit(deps.db, {
          ...actor(principal),
          ...forwardedEntry(action, {
            method: c.req.method,
            path: below,
            search: url.searchParams,
            status: response.status,
            requestText,
            answerText,
            before,
          }),
        })
      : undefined;
    // Both settle before a failure of either is passed on (none left running unobserved).
    for (const settled of await Promise.allSettled([mirrored, audited])) {
      if (settled.status === 'rejected') throw settled.reason;
    }
    if (isCheckout(c.req.method, below) && response.status >= 200 && response.status < 300) {
      // A sale while the seller has a shift open joins it (with or without the trail: it is the till's).
      await joinShift(deps, principal, requestOrigin(c), { requestText, answerText });
    }
    return response;
  };

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
  }

  /** `narrow`: what of a successful JSON answer the browser gets (a limit of the route table), else all of it. */
  async function forward(
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
    const done = (response: Response, answerText: string | null = null): Forwarded => ({
      response,
      requestText,
      answerText,
    });
    const gatewayOrigin = requestOrigin(c);
    const answer = await upstream.send(method, pathAndQuery, {
      headers,
      ...(body && body.byteLength > 0 ? { body } : {}),
    });
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
    const status = answer.status as StatusCode;
    if (answer.status === 204 || answer.status === 304 || method === 'HEAD') {
      await answer.body?.cancel();
      return done(c.body(null, { status, headers: responseHeaders }));
    }
    const contentType = answer.headers.get('content-type') ?? '';
    if (!contentType.includes('json')) {
      return done(c.body(answer.body ?? '', { status: status as ContentfulStatusCode, headers: responseHeaders }));
    }
    const init = { status: status as ContentfulStatusCode, headers: responseHeaders };
    const prepared = service.prepared(answer);
    if (narrow && answer.ok) {
      // The whole answer still goes to the trail and the mirror; the browser gets what the limit leaves.
      const whole = prepared ? prepared.text : await answer.text();
      return done(c.body(narrow(whole), init), whole);
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
      if (!chooseGzip(c, forBrowser.text, responseHeaders)) return done(c.body(forBrowser.text, init), prepared.text);
      return done(c.body(await forBrowser.gzipped(), init), prepared.text);
    }
    const json = rewritePageUrls(await answer.text(), serviceBase);
    if (!chooseGzip(c, json, responseHeaders)) return done(c.body(json, init), json);
    return done(
      c.body((await gzipAsync(json, { level: zlibConstants.Z_BEST_SPEED })) as Uint8Array<ArrayBuffer>, init),
      json,
    );
  }
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

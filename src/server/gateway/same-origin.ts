import type { Context, MiddlewareHandler } from 'hono';
import { clientOrigin, type TrustProxy } from '../client-address';
import { ForbiddenError } from './errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The origin the browser sees for this server: the request's own, or — when TRUST_PROXY says a proxy sets
 * them — scheme and host as that proxy reports (X-Forwarded-Proto/-Host). The gateway works it out once per
 * request (`rememberClientOrigin`); without a proxy nobody's forwarded headers are believed.
 */
export function requestOrigin(c: Context): string {
  return (c.get('clientOrigin') as string | undefined) ?? clientOrigin(c, false);
}

/** Works out the request's origin once, for requestOrigin (the gateway's first middleware). */
export function rememberClientOrigin(trustProxy: TrustProxy): MiddlewareHandler {
  return async (c, next) => {
    c.set('clientOrigin', clientOrigin(c, trustProxy));
    await next();
  };
}

/**
 * CSRF defence for the cookie-authenticated API, on top of SameSite=Strict: a state-changing request must
 * carry an Origin equal to our own. Browsers always send Origin on such fetches, so the app passes; a
 * form or script on another site cannot forge it. `Sec-Fetch-Site: cross-site` is refused as well.
 */
export function requireSameOrigin(): MiddlewareHandler {
  return async (c, next) => {
    if (!STATE_CHANGING.has(c.req.method)) return next();
    const origin = c.req.header('origin')?.toLowerCase();
    const crossSite = c.req.header('sec-fetch-site') === 'cross-site';
    if (crossSite || !origin || origin !== requestOrigin(c)) throw new ForbiddenError('Cross-site request refused');
    return next();
  };
}

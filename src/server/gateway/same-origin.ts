import type { Context, MiddlewareHandler } from 'hono';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function firstValue(header: string | undefined): string | undefined {
  return header?.split(',')[0]?.trim() || undefined;
}

/**
 * The origin the browser sees for this server: scheme and host of the request, as a reverse proxy reports
 * them (X-Forwarded-Proto/-Host) when there is one. A browser cannot set those headers on a cross-site
 * request without a CORS preflight, which this server never grants.
 */
export function requestOrigin(c: Context): string {
  const url = new URL(c.req.url);
  const proto = firstValue(c.req.header('x-forwarded-proto')) ?? url.protocol.slice(0, -1);
  const host = firstValue(c.req.header('x-forwarded-host')) ?? c.req.header('host') ?? url.host;
  const claimed = `${proto}://${host}`.toLowerCase();
  // Hostile or broken forwarded headers must not become a URL that fails later (a 500): fall back to the
  // connection's own origin, which then also fails the Origin comparison.
  if (!/^https?$/.test(proto)) return url.origin;
  try {
    return new URL(claimed).origin === claimed ? claimed : url.origin;
  } catch {
    return url.origin;
  }
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
    if (crossSite || !origin || origin !== requestOrigin(c)) {
      return c.json({ message: 'Cross-site request refused' }, 403);
    }
    return next();
  };
}

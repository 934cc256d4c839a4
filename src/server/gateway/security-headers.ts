import type { MiddlewareHandler } from 'hono';

/**
 * The app's Content-Security-Policy. Scripts only from our own origin: no inline script, no eval.
 * Styles allow 'unsafe-inline' because Mantine sets style attributes and CSS variables at run time;
 * style injection cannot run script, and every other directive stays closed.
 */
export const APP_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/** Headers every gateway response carries: no MIME sniffing, no Referer leaking paths to other sites. */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/** Headers of the app's own responses (documents and assets). */
export const APP_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  ...BASE_SECURITY_HEADERS,
  'Content-Security-Policy': APP_CONTENT_SECURITY_POLICY,
  'Cross-Origin-Opener-Policy': 'same-origin',
  // For browsers that predate frame-ancestors.
  'X-Frame-Options': 'DENY',
};

export function securityHeaders(headers: Readonly<Record<string, string>>): MiddlewareHandler {
  return async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  };
}

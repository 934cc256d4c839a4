import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;

/**
 * The app's Content-Security-Policy. Scripts only from our own origin: no inline script, no eval.
 * Styles allow 'unsafe-inline' because Mantine sets style attributes and CSS variables at run time;
 * style injection cannot run script, and every other directive stays closed.
 */
const APP_CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
} satisfies SecureHeadersOptions['contentSecurityPolicy'];

/** The policy as browsers receive it (what the tests compare the header with). */
export const APP_CONTENT_SECURITY_POLICY = Object.entries(APP_CSP_DIRECTIVES)
  .map(([directive, sources]) => `${directive.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${sources.join(' ')}`)
  .join('; ');

/**
 * Only the headers named here: hono's secureHeaders sends a dozen by default, among them
 * Strict-Transport-Security with includeSubDomains, which is the deployment's decision (TLS ends in front of
 * Foyer), and Cross-Origin-Resource-Policy; turning any of them on is a change of its own, not this one's.
 */
const NONE_BUT_NAMED: SecureHeadersOptions = {
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  strictTransportSecurity: false,
  xContentTypeOptions: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/** What every gateway response carries: no MIME sniffing, no Referer leaking paths to other sites. */
const BASE: SecureHeadersOptions = { ...NONE_BUT_NAMED, xContentTypeOptions: true, referrerPolicy: 'no-referrer' };

/** Headers of the gateway's API (`/api`). */
export const apiSecurityHeaders = (): MiddlewareHandler => secureHeaders(BASE);

/** Headers of the app's own responses (documents and assets). */
export const appSecurityHeaders = (): MiddlewareHandler =>
  secureHeaders({
    ...BASE,
    contentSecurityPolicy: APP_CSP_DIRECTIVES,
    crossOriginOpenerPolicy: 'same-origin',
    // For browsers that predate frame-ancestors (hono's default is SAMEORIGIN).
    xFrameOptions: 'DENY',
  });

/** Answers are never stored by browsers or proxies (the gateway's API: sessions, people, customers). */
export const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  c.res.headers.set('Cache-Control', 'no-store');
};

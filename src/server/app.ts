import { type Context, Hono } from 'hono';
import { compress } from 'hono/compress';
import { getCookie } from 'hono/cookie';
import type { Logger } from 'pino';
import { clientOrigin, type TrustProxy } from './client-address';
import { type GatewayDeps, SESSION_COOKIE } from './gateway/access';
import { sessionView } from './gateway/auth/session-view';
import { answerError, NotFoundError } from './gateway/errors';
import { createGatewayApp } from './gateway/gateway';
import { PERMISSIONS } from './gateway/permissions/permissions';
import { apiSecurityHeaders, appSecurityHeaders, noStore } from './gateway/security-headers';
import { LOCALE_COOKIE, preferredLanguage, serveApp } from './gateway/static-app';
import { healthRoutes } from './http/health';
import type { Lifecycle } from './http/server-lifecycle';
import type { ServiceRuntime } from './runtime';

export interface RootAppOptions {
  /** The embedded service (`/v1/...`, `/openapi.json`); null in upstream mode, where there is none here. */
  runtime: ServiceRuntime | null;
  gateway: GatewayDeps;
  /** The built app (dist/web); null when something else serves it (Vite in `npm run dev`). */
  staticRoot: string | null;
  log: Logger;
  /** Shutdown state, for readiness (see http/health.ts). */
  lifecycle?: Lifecycle;
  /** TRUST_PROXY: the service's absolute URLs then use X-Forwarded-Proto/-Host (see client-address.ts). */
  trustProxy?: TrustProxy;
}

/** The backend paths: everything else is the app's. `npm run dev` routes by the same test. */
export function isBackendPath(path: string): boolean {
  return /^\/(api|v1|health)(\/|$|\?)|^\/openapi\.json($|\?)/.test(path);
}

/**
 * The one process: the gateway under `/api`, the embedded reference service under `/v1/...` and
 * `/openapi.json` (reachable directly for integrators and its own payment and ticket pages), and the
 * built app for everything else.
 */
export function createRootApp(options: RootAppOptions): Hono {
  const { runtime, log } = options;
  const root = new Hono();

  root.route('/health', healthRoutes({ db: runtime?.db ?? options.gateway.db, lifecycle: options.lifecycle }));
  root.use('/api/*', apiSecurityHeaders(), noStore);
  root.route('/api', createGatewayApp(options.gateway).app);

  if (runtime) {
    // Delegated whole, so the service keeps its own middleware, not-found and error handling.
    // Behind a trusted proxy the service builds its absolute URLs (pages, payment links) from the origin the
    // client used; otherwise forwarded headers are ignored.
    const trustProxy = options.trustProxy ?? false;
    const service = (c: Context) => {
      const origin = clientOrigin(c, trustProxy);
      const url = new URL(c.req.url);
      if (origin === url.origin) return runtime.app.fetch(c.req.raw, c.env);
      const raw = c.req.raw;
      const request = new Request(`${origin}${url.pathname}${url.search}`, {
        method: raw.method,
        headers: raw.headers,
        body: raw.body,
        signal: raw.signal,
        ...(raw.body ? { duplex: 'half' } : {}),
      } as RequestInit);
      return runtime.app.fetch(request, c.env);
    };
    root.all('/v1/*', service);
    root.all('/v1', service);
    root.get('/openapi.json', service);
  }

  if (options.staticRoot) {
    root.use('*', appSecurityHeaders(), compress());
    const { sessions } = options.gateway;
    root.all(
      '*',
      serveApp({
        root: options.staticRoot,
        signedIn: async (c) => {
          const principal = await sessions.resolve(getCookie(c, SESSION_COOKIE));
          if (!principal) return null;
          const seesEveryArea = PERMISSIONS.every((permission) => principal.permissions.includes(permission));
          return { session: sessionView(principal), name: principal.displayName, seesEveryArea };
        },
        language: (c) => preferredLanguage(getCookie(c, LOCALE_COOKIE)),
      }),
    );
  }

  root.notFound(() => {
    throw new NotFoundError();
  });
  // The gateway's one error handler for the whole process: the app's routes throw the same typed errors.
  root.onError((error, c) => answerError(c, error, log));
  return root;
}

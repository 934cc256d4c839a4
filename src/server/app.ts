import { type Context, Hono } from 'hono';
import type { Logger } from 'pino';
import { clientOrigin, type TrustProxy } from './client-address';
import { servingRequest } from './db/database';
import { answerError, NotFoundError } from './gateway/errors';
import { createBuiltApp, createGatewayApp, type GatewayDeps } from './gateway/gateway';
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

/**
 * The one process: the gateway under `/api`, the embedded reference service under `/v1/...` and
 * `/openapi.json` (reachable directly for integrators and its own payment and ticket pages), and the
 * built app for everything else.
 */
export function createRootApp(options: RootAppOptions): Hono {
  const { runtime, log } = options;
  const root = new Hono();
  // Background work (the mirror's sync) waits while a person's request is answered (db/database.ts).
  root.use('*', (_c, next) => servingRequest(next));

  root.route('/health', healthRoutes({ db: runtime?.db ?? options.gateway.db, lifecycle: options.lifecycle }));
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

  // Every other path is the built app's (unless something else serves it: Vite in `npm run dev`).
  if (options.staticRoot) root.route('/', createBuiltApp(options.gateway, options.staticRoot));

  root.notFound(() => {
    throw new NotFoundError();
  });
  // The gateway's one error handler for the whole process: the app's routes throw the same typed errors.
  root.onError((error, c) => answerError(c, error, log));
  return root;
}

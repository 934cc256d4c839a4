import { HTTPException } from 'hono/http-exception';
import { limitBodies } from '../body-limit';
import { isConnectionError } from '../db/connection-errors';
import { ClientDirectory, requirePartnerKey, resolveClient } from './auth';
import type { ServiceDeps } from './context';
import { NotFoundError, RateLimitedError, ServiceError } from './errors';
import { limitPublicReservations } from './public-rate-limit';
import { registerPartnerRoutes } from './routes/partner';
import { registerPublicRoutes } from './routes/public';
import { createServiceRouter, type ServiceApp } from './routes/route-kit';

export const OPENAPI_INFO = {
  title: 'Ticketing Service',
  version: '1.0.0',
  description: 'Reference implementation of the Ticketing Service interface (public and partner groups).',
} as const;

/**
 * The reference service as one Hono app: `/v1/{client_name}/...` plus `/openapi.json`. Routes are declared
 * with the contract's zod schemas, so validation and the OpenAPI document come from one source.
 */
/** The largest request body the service reads (the largest real one, a partner cart of many items, is ~10 kB). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Seconds a client is asked to wait when the database is unavailable. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

export function createServiceApp(deps: ServiceDeps): ServiceApp {
  const app = createServiceRouter();
  const clients = new ClientDirectory(deps.db);

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  // PostgreSQL text cannot hold NUL, so a path carrying one names nothing that exists.
  app.use('/v1/*', async (c, next) => {
    if (new URL(c.req.url).pathname.includes('%00')) throw new NotFoundError();
    await next();
  });
  app.use('/v1/:client_name/*', resolveClient(clients));
  // Before anything reads a body: an unauthenticated partner body is refused unread.
  app.use('/v1/:client_name/partner/*', requirePartnerKey(clients));
  app.use('/v1/:client_name/*', limitPublicReservations(clients));
  app.use(
    '*',
    limitBodies(MAX_BODY_BYTES, (c) =>
      c.json({ message: `Request body too large (at most ${MAX_BODY_BYTES} bytes)` }, 413),
    ),
  );

  registerPublicRoutes(app);
  registerPartnerRoutes(app);

  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: OPENAPI_INFO,
    servers: [{ url: '/' }],
  });

  app.notFound((c) => c.json({ message: 'Not found' }, 404));
  app.onError((error, c) => {
    if (error instanceof RateLimitedError) c.header('Retry-After', String(error.retryAfterSeconds));
    if (error instanceof ServiceError) return c.json(error.toBody(), error.status);
    if (isConnectionError(error)) {
      // A restart, failover or terminated connection: this request fails, the pool reconnects, and the
      // client may try again (readiness says when: /health/ready).
      deps.log.warn({ err: error, path: c.req.path, method: c.req.method }, 'database unavailable');
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return c.json({ message: 'The service is temporarily unavailable. Try again shortly.' }, 503);
    }
    if (error instanceof HTTPException) {
      // Hono's body parsers throw 400 for malformed JSON.
      const message = error.status === 400 ? 'Malformed JSON in request body' : error.message || 'Request failed';
      return c.json({ message }, error.status);
    }
    if (isDataException(error)) {
      // Safety net: a value the database refuses (class 22: out of range, bad encoding, ...) came from the
      // request, so it is the caller's error, not a 5xx. Routes should reject such values themselves.
      deps.log.warn({ code: error.code, path: c.req.path, method: c.req.method }, 'value refused by the database');
      return c.json({ message: 'A value in the request is out of range or malformed.' }, 422);
    }
    deps.log.error({ err: error, path: c.req.path, method: c.req.method }, 'unhandled error');
    return c.json({ message: 'Internal server error' }, 500);
  });
  return app;
}

/** PostgreSQL class 22 "data exception" (pg and PGlite both expose the SQLSTATE as `code`). */
function isDataException(error: unknown): error is { code: string } {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('22');
}

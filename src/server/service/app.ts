import { HTTPException } from 'hono/http-exception';
import { ClientDirectory, requirePartnerKey, resolveClient } from './auth';
import type { ServiceDeps } from './context';
import { ServiceError } from './errors';
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
export function createServiceApp(deps: ServiceDeps): ServiceApp {
  const app = createServiceRouter();
  const clients = new ClientDirectory(deps.db);

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.use('/v1/:client_name/*', resolveClient(clients));
  app.use('/v1/:client_name/partner/*', requirePartnerKey(clients));

  registerPublicRoutes(app);
  registerPartnerRoutes(app);

  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: OPENAPI_INFO,
    servers: [{ url: '/' }],
  });

  app.notFound((c) => c.json({ message: 'Not found' }, 404));
  app.onError((error, c) => {
    if (error instanceof ServiceError) return c.json(error.toBody(), error.status);
    if (error instanceof HTTPException) {
      // Hono's body parsers throw 400 for malformed JSON.
      const message = error.status === 400 ? 'Malformed JSON in request body' : error.message || 'Request failed';
      return c.json({ message }, error.status);
    }
    deps.log.error({ err: error, path: c.req.path, method: c.req.method }, 'unhandled error');
    return c.json({ message: 'Internal server error' }, 500);
  });
  return app;
}

import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { clientAddress } from '../client-address';
import { type GatewayEnv, SecuredRoutes } from './access';
import { registerAuditRoutes } from './audit';
import { registerAccountRoutes, registerLinkRoutes, registerPasskeyRoutes, registerSessionRoutes } from './auth';
import { registerConnectionRoutes } from './connection';
import { registerCustomerJobRoutes } from './customer-jobs';
import { registerCustomerNotesRoutes } from './customer-notes';
import { registerCustomerSearchRoutes } from './customer-search';
import { registerCustomerStoryRoutes } from './customer-story';
import { registerDeskRoutes } from './desk';
import { registerDuplicateRoutes } from './duplicates';
import { answerError, GatewayError, NotFoundError } from './errors';
import { registerExportRoutes } from './exports';
import { forwardHandler } from './forward';
import type { GatewayDeps } from './gateway-deps';
import { registerMirrorRoutes } from './mirror';
import { registerPrintingRoutes } from './printing';
import { registerPrivacyRoutes } from './privacy';
import { registerPromoterRoutes } from './promoters';
import { EventCatalog, registerCatalogRoutes, registerReportRoutes } from './reports';
import { registerRoleScopeRoutes } from './role-scopes';
import { registerSalesPointRoutes } from './sales-points';
import { rememberClientOrigin, requireSameOrigin } from './same-origin';
import { apiSecurityHeaders, noStore } from './security-headers';
import { registerSegmentRoutes } from './segments';
import { registerShiftRoutes } from './shifts';
import { registerStaffRoutes } from './staff';

export { createBuiltApp } from './built-app';
// The gateway's one entry for the root app (src/server/app.ts).
export type { GatewayDeps } from './gateway-deps';

const MAX_BODY_BYTES = 1024 * 1024;

export interface GatewayApp {
  app: Hono<GatewayEnv>;
  /** Every route of the gateway's own with who may call it (the forwarded ones: route-permissions.ts). */
  routes: SecuredRoutes;
}

/**
 * The backend-for-frontend under `/api`: people sign in as themselves (sessions in the gateway's database),
 * administrators manage staff, roles and the organisation's connection, and `/api/v1/{client_name}/...` is
 * forwarded to the service with the organisation's API key added — when the person's role allows the call.
 * The key never leaves the server: not in a response, a URL or a log line.
 */
export function createGatewayApp(deps: GatewayDeps): GatewayApp {
  const gateway = new Hono<GatewayEnv>();
  gateway.use('*', apiSecurityHeaders(), noStore);
  gateway.use('*', rememberClientOrigin(deps.trustProxy ?? false));
  gateway.use('*', requireSameOrigin());
  gateway.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new GatewayError(413, 'Request body too large');
      },
    }),
  );
  const routes = new SecuredRoutes(gateway, deps.sessions);
  registerSessionRoutes(routes, deps);
  registerAccountRoutes(routes, deps);
  registerLinkRoutes(routes, deps);
  registerPasskeyRoutes(routes, deps);
  registerStaffRoutes(routes, deps);
  registerRoleScopeRoutes(routes, deps);
  registerConnectionRoutes(routes, deps);
  registerAuditRoutes(routes, deps);
  registerDeskRoutes(routes, deps);
  // The client's address as TRUST_PROXY reads it (main.ts), the TCP peer without one: a sales point's range.
  const clientAddressOf = (c: Context) => deps.clientAddress?.(c) ?? clientAddress(c, deps.trustProxy ?? false);
  registerShiftRoutes(routes, { ...deps, clientAddressOf });
  registerSalesPointRoutes(routes, { db: deps.db, clientAddressOf });
  registerPrintingRoutes(routes, deps);
  registerCustomerSearchRoutes(routes, deps);
  registerCustomerNotesRoutes(routes, deps);
  const catalog = new EventCatalog(deps.db);
  registerReportRoutes(routes, deps, catalog);
  registerCatalogRoutes(routes, deps, catalog);
  registerPromoterRoutes(routes, deps, catalog);
  registerCustomerStoryRoutes(routes, deps, catalog);
  registerExportRoutes(routes, deps);
  registerMirrorRoutes(routes, deps);
  registerPrivacyRoutes(routes, deps);
  registerCustomerJobRoutes(routes, deps);
  registerDuplicateRoutes(routes, deps);
  registerSegmentRoutes(routes, deps, catalog);
  // Forwarded calls: any signed-in person reaches the handler, which checks the route table. PATCH is
  // declared too, so a method the table does not know is refused there (403), not answered 404. A read
  // goes to the service while its session is read again (readAhead); a change only after.
  const forward = forwardHandler(deps, { catalog });
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const)
    routes.declare(method, '/v1/*', 'signed-in', forward, { readAhead: method === 'GET' });
  gateway.all('*', () => {
    throw new NotFoundError();
  });
  gateway.onError((error, c) => answerError(c, error, deps.log));
  return { app: gateway, routes };
}

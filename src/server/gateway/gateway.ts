import { type Context, Hono } from 'hono';
import { limitBodies } from '../body-limit';
import { clientAddress } from '../client-address';
import { type GatewayEnv, SecuredRoutes } from './access';
import { AddressGate, registerAddressRuleRoutes } from './address-rules';
import { registerAuditRoutes } from './audit';
import { registerAccountRoutes, registerLinkRoutes, registerPasskeyRoutes, registerSessionRoutes } from './auth';
import { registerConnectionRoutes } from './connection';
import { registerCustomFieldRoutes } from './custom-fields';
import { registerCustomerJobRoutes } from './customer-jobs';
import { registerCustomerNotesRoutes } from './customer-notes';
import { registerCustomerSearchRoutes } from './customer-search';
import { registerCustomerStoryRoutes } from './customer-story';
import { registerDeskRoutes } from './desk';
import { createDisplayService, registerDisplayRoutes } from './display';
import { registerDuplicateRoutes } from './duplicates';
import { answerError, GatewayError, NotFoundError } from './errors';
import { registerExportRoutes, registerProductionReportRoutes } from './exports';
import { forwardHandler } from './forward';
import type { GatewayDeps } from './gateway-deps';
import { registerMirrorRoutes } from './mirror';
import type { Principal } from './principal';
import { registerPrintingRoutes } from './printing';
import { registerPrivacyRoutes } from './privacy';
import { registerPromoterRoutes } from './promoters';
import { EventCatalog, registerCatalogRoutes, registerReportRoutes } from './reports';
import { registerRoleScopeRoutes, scopedEvents } from './role-scopes';
import { registerSalesPointRoutes } from './sales-points';
import { rememberClientOrigin, requireSameOrigin } from './same-origin';
import { registerScannerRoutes } from './scanner';
import { apiSecurityHeaders, noStore } from './security-headers';
import { registerSegmentRoutes } from './segments';
import { registerShiftRoutes } from './shifts';
import { ProviderClients, registerSsoRoutes, SsoService } from './sso';
import { registerStaffRoutes } from './staff';
import { registerWalkInRoutes } from './walk-in';

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
    limitBodies(MAX_BODY_BYTES, () => {
      throw new GatewayError(413, 'Request body too large');
    }),
  );
  // The client's address as TRUST_PROXY reads it (run-foyer.ts), the TCP peer without one: a sales point's range,
  // a role's networks.
  const clientAddressOf = (c: Context) => deps.clientAddress?.(c) ?? clientAddress(c, deps.trustProxy ?? false);
  const addressGate = new AddressGate({ db: deps.db, log: deps.log, clientAddressOf });
  // The paired buyer's screens: their own routes, and their cookie read by access.
  const displays = createDisplayService(deps);
  const routes = new SecuredRoutes(gateway, deps.sessions, addressGate, displays);
  const providers = new ProviderClients();
  // Every way in passes the address rules and, where the organisation requires it, single sign-on.
  const signInChecks = [
    async (c: Context<GatewayEnv>, principal: Principal) =>
      addressGate.admits(c, principal) ? null : addressGate.refusalOf(c, principal),
    new SsoService({ ...deps, providers }).requirement(),
  ];
  const authDeps = { ...deps, signInChecks };
  registerSessionRoutes(routes, authDeps);
  registerAccountRoutes(routes, { ...authDeps, clientAddressOf });
  registerLinkRoutes(routes, authDeps);
  registerPasskeyRoutes(routes, authDeps);
  registerSsoRoutes(routes, { ...authDeps, providers, clientAddressOf });
  registerStaffRoutes(routes, deps);
  registerAddressRuleRoutes(routes, { db: deps.db, log: deps.log, clientAddressOf });
  registerRoleScopeRoutes(routes, deps);
  registerConnectionRoutes(routes, deps);
  registerAuditRoutes(routes, deps);
  registerDeskRoutes(routes, deps);
  registerShiftRoutes(routes, {
    ...deps,
    clientAddressOf,
    closedAtSalesPoint: (organisationId, salesPointId) => displays.clear(organisationId, salesPointId),
  });
  registerSalesPointRoutes(routes, { db: deps.db, clientAddressOf });
  registerDisplayRoutes(routes, { db: deps.db, throttle: deps.throttle, clientAddressOf }, displays);
  registerPrintingRoutes(routes, deps);
  registerScannerRoutes(routes, deps);
  registerWalkInRoutes(routes, deps);
  registerCustomerSearchRoutes(routes, deps);
  registerCustomerNotesRoutes(routes, deps);
  registerCustomFieldRoutes(routes, deps);
  const catalog = new EventCatalog(deps.db);
  registerReportRoutes(routes, deps, catalog, async (upstream, scope) => {
    return (await scopedEvents(catalog, upstream, scope)).eventIds;
  });
  registerCatalogRoutes(routes, deps, catalog);
  registerPromoterRoutes(routes, deps, catalog);
  registerCustomerStoryRoutes(routes, deps, catalog);
  registerExportRoutes(routes, deps, catalog);
  registerProductionReportRoutes(routes, deps, catalog);
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

import type { Context } from 'hono';
import type { Logger } from 'pino';
import { customerLookupQuerySchema, customerSearchQuerySchema } from '@/contract/customer-search-query';
import type { Database } from '../../db/database';
import type { GatewayEnv, SecuredRoutes } from '../access';
import { parseQuery } from '../request-input';
import { requestOrigin } from '../same-origin';
import type { ServiceConnection } from '../service-connection';
import { type KeyOpener, UpstreamClient } from '../upstream';
import type { CustomerDirectories } from './customer-directory';
import { CustomerSearchService, type Searcher } from './customer-search-service';

/** What the search's routes use of the gateway's deps (not GatewayDeps, which is built from this entry). */
export interface CustomerSearchDeps {
  db: Database;
  log: Logger;
  service: ServiceConnection;
  organisations: KeyOpener;
  customerDirectories: CustomerDirectories;
}

/** The person of `c` as the search sees them: their organisation and their client to the service. */
function searcherOf(deps: CustomerSearchDeps, c: Context<GatewayEnv>): Searcher {
  const principal = c.get('principal');
  return {
    organisationId: principal.organisationId,
    upstream: () => UpstreamClient.forPerson(deps, principal, requestOrigin(c)),
  };
}

/**
 * The customer list for customers:read, and the box office's buyer lookup for customers:lookup (a seller can
 * find a buyer, not page through the customer base); customer-search-service.ts holds what they do.
 */
export function registerCustomerSearchRoutes(routes: SecuredRoutes, deps: CustomerSearchDeps): void {
  const service = new CustomerSearchService(deps.db, deps.customerDirectories, deps.log);
  const listReaders = { permission: 'customers:read' } as const;
  const buyerFinders = { anyOf: ['customers:lookup', 'customers:read'] } as const;
  const organisationOf = (c: Context<GatewayEnv>) => c.get('principal').organisationId;

  routes.declare('GET', '/customers', listReaders, async (c) => {
    return c.json(await service.page(searcherOf(deps, c), parseQuery(c, customerSearchQuerySchema)));
  });
  routes.declare('GET', '/customers/matches', listReaders, async (c) => {
    return c.json(await service.matches(organisationOf(c), parseQuery(c, customerSearchQuerySchema)));
  });
  routes.declare('GET', '/customers/tags', listReaders, async (c) => {
    return c.json(await service.tagCounts(organisationOf(c)));
  });
  routes.declare('GET', '/customers/lookup', buyerFinders, async (c) => {
    return c.json(await service.lookup(searcherOf(deps, c), parseQuery(c, customerLookupQuerySchema).q));
  });
}

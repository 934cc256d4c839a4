import type { Context } from 'hono';
import type { Logger } from 'pino';
import { z } from 'zod';
import { OPTIN_STATES, type OptinState } from '@/contract/customer-prefs';
import {
  CUSTOMER_LOOKUP_MIN_LENGTH,
  CUSTOMER_PAGE_SIZE_MAX,
  CUSTOMER_SORT_COLUMNS,
  type CustomerSearchParams,
} from '@/contract/customer-search';
import type { Database } from '../../db/database';
import type { GatewayEnv, SecuredRoutes } from '../access';
import { parseQuery } from '../request-input';
import { requestOrigin } from '../same-origin';
import type { ServiceConnection } from '../service-connection';
import { type KeyOpener, UpstreamClient } from '../upstream';
import type { CustomerDirectories } from './customer-directory';
import { CustomerSearchService, type Searcher } from './customer-search-service';

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);

const listSchema = z.object({
  q: text(200).optional(),
  tag: text(255).optional(),
  optin: z
    .enum(OPTIN_STATES as [OptinState, ...OptinState[]], { error: "optin must be 'yes', 'no' or 'unknown'" })
    .optional(),
  since: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date, YYYY-MM-DD')
    .optional(),
  sort: z.enum(CUSTOMER_SORT_COLUMNS, { error: `sort must be one of ${CUSTOMER_SORT_COLUMNS.join(', ')}` }).optional(),
  dir: z.enum(['asc', 'desc'], { error: "dir must be 'asc' or 'desc'" }).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  perPage: z.coerce.number().int().min(1).max(CUSTOMER_PAGE_SIZE_MAX).optional(),
}) satisfies z.ZodType<CustomerSearchParams>;

const lookupSchema = z.object({
  q: text(200).min(CUSTOMER_LOOKUP_MIN_LENGTH, `Type at least ${CUSTOMER_LOOKUP_MIN_LENGTH} characters`),
});

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
    return c.json(await service.page(searcherOf(deps, c), parseQuery(c, listSchema)));
  });
  routes.declare('GET', '/customers/matches', listReaders, async (c) => {
    return c.json(await service.matches(organisationOf(c), parseQuery(c, listSchema)));
  });
  routes.declare('GET', '/customers/tags', listReaders, async (c) => {
    return c.json(await service.tagCounts(organisationOf(c)));
  });
  routes.declare('GET', '/customers/lookup', buyerFinders, async (c) => {
    return c.json(await service.lookup(searcherOf(deps, c), parseQuery(c, lookupSchema).q));
  });
}

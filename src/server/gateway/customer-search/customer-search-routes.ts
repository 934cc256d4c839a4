import type { Context, Handler } from 'hono';
import { z } from 'zod';
import { OPTIN_STATES } from '@/contract/customer-prefs';
import {
  type BuyerLookupAnswer,
  buyerSummaryOf,
  CUSTOMER_LOOKUP_LIMIT,
  CUSTOMER_LOOKUP_MIN_LENGTH,
  CUSTOMER_MATCHES_MAX,
  CUSTOMER_PAGE_SIZE,
  CUSTOMER_PAGE_SIZE_MAX,
  CUSTOMER_SORT_COLUMNS,
  type CustomerMatches,
  type CustomerSearchPage,
  type CustomerTagCounts,
  type EmailCheck,
} from '@/contract/customer-search';
import type { Access, GatewayEnv, SecuredRoutes } from '../access';
import type { GatewayDeps } from '../gateway-deps';
import { parseQuery } from '../request-input';
import type { CustomerDirectory, DirectoryQuery } from './customer-directory';
import { checkEmailUpstream } from './email-check';
import { mirroredCustomers } from './mirror-reads';

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);

const filterFields = {
  q: text(200).optional(),
  tag: text(255).optional(),
  optin: z.enum(OPTIN_STATES as [string, ...string[]], { error: "optin must be 'yes', 'no' or 'unknown'" }).optional(),
  since: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date, YYYY-MM-DD')
    .optional(),
  sort: z.enum(CUSTOMER_SORT_COLUMNS, { error: `sort must be one of ${CUSTOMER_SORT_COLUMNS.join(', ')}` }).optional(),
  dir: z.enum(['asc', 'desc'], { error: "dir must be 'asc' or 'desc'" }).optional(),
};

const listSchema = z.object({
  ...filterFields,
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  perPage: z.coerce.number().int().min(1).max(CUSTOMER_PAGE_SIZE_MAX).optional(),
});

const lookupSchema = z.object({
  q: text(200).min(CUSTOMER_LOOKUP_MIN_LENGTH, `Type at least ${CUSTOMER_LOOKUP_MIN_LENGTH} characters`),
});

type ListParams = z.infer<typeof listSchema>;

function directoryQuery(params: ListParams, offset: number, limit: number): DirectoryQuery {
  return {
    text: params.q ?? '',
    tag: params.tag,
    optin: params.optin as DirectoryQuery['optin'],
    since: params.since,
    sort: params.sort ? { column: params.sort, descending: params.dir === 'desc' } : null,
    offset,
    limit,
  };
}

const EXACT_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The organisation's directory, caught up with the mirror; when the text is an exact email, the service is
 * asked too (findByEmail), and a customer it knows is written into the mirror first, so that one created
 * elsewhere a moment ago is found (and put first, see firstFound).
 */
async function searchable(
  c: Context<GatewayEnv>,
  deps: GatewayDeps,
  q: string | undefined,
): Promise<{ directory: CustomerDirectory; emailCheck?: EmailCheck; found?: number }> {
  const organisationId = c.get('principal').organisationId;
  const email = q && EXACT_EMAIL.test(q) ? q : null;
  if (!email) return { directory: await deps.customerDirectories.current(organisationId) };
  const check = await checkEmailUpstream(c, deps, email);
  // After the check, so that a customer it wrote into the mirror is read with everything else.
  const directory = await deps.customerDirectories.current(organisationId);
  return {
    directory,
    emailCheck: check.result,
    ...(check.customerId !== undefined ? { found: check.customerId } : {}),
  };
}

/** Ids of a page with the customer the service found by email first (on the first page of a ranked search). */
function firstFound(ids: number[], found: number | undefined, firstPage: boolean, perPage: number): number[] {
  if (found === undefined || !firstPage) return ids;
  return [found, ...ids.filter((id) => id !== found)].slice(0, perPage);
}

/**
 * Customer search from the gateway's mirror (issue 21): the customer list for customers:read, and the box
 * office's buyer lookup for customers:lookup, which answers the few fields its picker shows and never more
 * than a handful of matches (a seller can find a buyer, not page through the customer base).
 */
export function registerCustomerSearchRoutes(routes: SecuredRoutes, deps: GatewayDeps): void {
  const { db } = deps;
  const listReaders = { permission: 'customers:read' } as const;
  const buyerFinders = { anyOf: ['customers:lookup', 'customers:read'] } as const;
  // While the process's first read of the mirror goes on, a search throws SearchStarting (503, Retry-After).
  const declare = (path: string, access: Access, handler: Handler<GatewayEnv>) =>
    routes.declare('GET', path, access, handler);

  declare('/customers', listReaders, async (c) => {
    const params = parseQuery(c, listSchema);
    const perPage = params.perPage ?? CUSTOMER_PAGE_SIZE;
    const page = params.page ?? 1;
    const { directory, emailCheck, found } = await searchable(c, deps, params.q);
    const answer = directory.query(directoryQuery(params, (page - 1) * perPage, perPage));
    const ranked = !params.sort && page === 1;
    const ids = firstFound(answer.customerIds, found, ranked, perPage);
    const customers = await mirroredCustomers(db, c.get('principal').organisationId, ids);
    const body: CustomerSearchPage = {
      data: ids.flatMap((id) => customers.get(id) ?? []),
      total: answer.total,
      page,
      perPage,
      lastPage: Math.max(1, Math.ceil(answer.total / perPage)),
      ...(emailCheck ? { emailCheck } : {}),
    };
    return c.json(body);
  });

  declare('/customers/matches', listReaders, async (c) => {
    const params = parseQuery(c, listSchema);
    const directory = await deps.customerDirectories.current(c.get('principal').organisationId);
    const answer = directory.query(directoryQuery(params, 0, CUSTOMER_MATCHES_MAX));
    const customers = await mirroredCustomers(db, c.get('principal').organisationId, answer.customerIds);
    const body: CustomerMatches = {
      data: answer.customerIds.flatMap((id) => {
        const customer = customers.get(id);
        if (!customer) return [];
        const { customerId, customerFirstName, customerPreposition, customerLastName, email } = customer;
        return [{ customerId, customerFirstName, customerPreposition, customerLastName, email }];
      }),
      total: answer.total,
      truncated: answer.total > CUSTOMER_MATCHES_MAX,
    };
    return c.json(body);
  });

  declare('/customers/tags', listReaders, async (c) => {
    const directory = await deps.customerDirectories.current(c.get('principal').organisationId);
    const body: CustomerTagCounts = { data: directory.tagCounts() };
    return c.json(body);
  });

  declare('/customers/lookup', buyerFinders, async (c) => {
    const { q } = parseQuery(c, lookupSchema);
    const { directory, emailCheck, found } = await searchable(c, deps, q);
    const answer = directory.query({ text: q, offset: 0, limit: CUSTOMER_LOOKUP_LIMIT });
    const ids = firstFound(answer.customerIds, found, true, CUSTOMER_LOOKUP_LIMIT);
    const customers = await mirroredCustomers(db, c.get('principal').organisationId, ids);
    const body: BuyerLookupAnswer = {
      data: ids.flatMap((id) => {
        const customer = customers.get(id);
        return customer ? [buyerSummaryOf(customer)] : [];
      }),
      total: answer.total,
      ...(emailCheck ? { emailCheck } : {}),
    };
    return c.json(body);
  });
}

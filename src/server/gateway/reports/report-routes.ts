import type { Context } from 'hono';
import { stream } from 'hono/streaming';
import {
  groupQuerySchema,
  orderFilterSchema,
  orderListQuerySchema,
  paceQuerySchema,
  performanceQuerySchema,
} from '@/contract/reports';
import type { RoleScope } from '@/contract/role-scopes';
import type { Database } from '../../db/database';
import type { GatewayEnv, SecuredRoutes } from '../access';
import { recordRequestAudit } from '../audit';
import { recordWithoutContact, seesBuyerContact } from '../buyer-contact';
import { NotFoundError } from '../errors';
import { parseQuery } from '../request-input';
import { requestOrigin } from '../same-origin';
import type { ServiceConnection } from '../service-connection';
import { type KeyOpener, UpstreamClient } from '../upstream';
import type { EventCatalog } from './event-catalog';
import type { ScopedFilter } from './order-report';
import { type ReportReader, ReportService } from './report-service';

const reportsRead = { permission: 'reports:read' } as const;

const organisationOf = (c: Context<GatewayEnv>) => c.get('principal').organisationId;

/** The `:eventId` of the path; text that cannot be an id names no performance (404). */
function eventIdParam(c: Context<GatewayEnv>): number {
  const text = c.req.param('eventId') ?? '';
  if (!/^\d{1,15}$/.test(text)) throw new NotFoundError('No such performance');
  return Number(text);
}

/** What the reports' routes use of the gateway's deps (not GatewayDeps, which is built from this entry). */
export interface ReportDeps {
  db: Database;
  service: ServiceConnection;
  organisations: KeyOpener;
}

/**
 * The events a person of a scoped role sees (role-scopes/' scopedEvents, injected: that concern reads this
 * one's event catalog, so it cannot be imported here).
 */
type ScopeEvents = (upstream: UpstreamClient, scope: RoleScope) => Promise<readonly number[]>;

/** The person of `c` exporting the analysis: the query as asked (without its page) and their audit entry. */
function readerOf(c: Context<GatewayEnv>, deps: ReportDeps): ReportReader {
  const { page: _page, ...asked } = c.req.query();
  return {
    organisationId: organisationOf(c),
    contact: seesBuyerContact(c.get('principal').permissions),
    asked,
    audit: (entry) => recordRequestAudit(deps.db, c, entry),
  };
}

/** The filtered orders as a CSV file, streamed as it is read. */
async function ordersCsvAnswer(c: Context<GatewayEnv>, deps: ReportDeps, service: ReportService, filter: ScopedFilter) {
  const { sort } = parseQuery(c, orderListQuerySchema);
  const pieces = await service.ordersCsv(readerOf(c, deps), filter, sort);
  c.header('content-type', 'text/csv; charset=utf-8');
  c.header('content-disposition', `attachment; filename="orders-${filter.from}-${filter.to}.csv"`);
  c.header('cache-control', 'no-store');
  return stream(c, async (out) => {
    for await (const piece of pieces) {
      if (out.aborted) return;
      await out.write(piece);
    }
  });
}

/**
 * The reports' routes (permission reports:read; report-service.ts holds what they do): the order analysis
 * and its CSV, the performances with their pace and sales. A person of a scoped role gets each cut to their
 * events: only orders with a seat of them, only their performances.
 */
export function registerReportRoutes(
  routes: SecuredRoutes,
  deps: ReportDeps,
  catalog: EventCatalog,
  scopeEvents: ScopeEvents,
): void {
  const service = new ReportService(deps.db, catalog);
  const upstream = (c: Context<GatewayEnv>) => UpstreamClient.forPerson(deps, c.get('principal'), requestOrigin(c));
  /** The events of a scoped person; null for everyone else. */
  const within = async (c: Context<GatewayEnv>) => {
    const { scope } = c.get('principal');
    return scope ? scopeEvents(upstream(c), scope) : null;
  };
  const filterOf = async (c: Context<GatewayEnv>) => ({
    ...parseQuery(c, orderFilterSchema),
    withinEvents: await within(c),
    buyerNamesOnly: !seesBuyerContact(c.get('principal').permissions),
  });
  const get = (path: string, answer: (c: Context<GatewayEnv>) => Promise<unknown>) =>
    routes.declare('GET', path, reportsRead, async (c) => c.json(await answer(c)), { withinScope: true });

  get('/reports/orders', async (c) => {
    const { sort, page } = parseQuery(c, orderListQuerySchema);
    const report = await service.orders(organisationOf(c), await filterOf(c), sort, page);
    // Without customers:contact the rows name their buyers only (no email).
    if (seesBuyerContact(c.get('principal').permissions)) return report;
    return { ...report, rows: report.rows.map(recordWithoutContact) };
  });
  get('/reports/orders/groups', async (c) => {
    const { group } = parseQuery(c, groupQuerySchema);
    return service.groups(organisationOf(c), await filterOf(c), group);
  });
  get('/reports/orders/choices', async (c) => service.choices(organisationOf(c), await filterOf(c)));
  get('/reports/orders/charts', async (c) => service.charts(organisationOf(c), await filterOf(c)));
  routes.declare(
    'GET',
    '/reports/orders/export.csv',
    reportsRead,
    async (c) => ordersCsvAnswer(c, deps, service, await filterOf(c)),
    { withinScope: true },
  );
  get('/reports/performances', async (c) => {
    const { from, to } = parseQuery(c, performanceQuerySchema);
    return service.performances(upstream(c), from, to, await within(c));
  });
  get('/reports/performances/pace', async (c) =>
    service.pace(organisationOf(c), parseQuery(c, paceQuerySchema).events, await within(c)),
  );
  get('/reports/performances/:eventId', async (c) =>
    service.performanceSales(organisationOf(c), eventIdParam(c), await within(c)),
  );
}

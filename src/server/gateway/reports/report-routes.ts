import type { Context } from 'hono';
import { stream } from 'hono/streaming';
import Papa from 'papaparse';
import { z } from 'zod';
import { CSV_NEWLINE, CSV_UNPARSE_OPTIONS, UTF8_BOM } from '@/contract/csv';
import {
  groupQuerySchema,
  orderFilterSchema,
  orderListQuerySchema,
  paceQuerySchema,
  performanceQuerySchema,
  REPORT_PAGE_SIZE,
} from '@/contract/reports';
import type { GatewayDeps, GatewayEnv, SecuredRoutes } from '../access';
import { recordAudit } from '../audit/audit-trail';
import { actor } from '../audit/forward-audit';
import { requestOrigin } from '../same-origin';
import { ServiceUnreachableError } from '../service-connection';
import { type EventCatalog, isPerformance, type OrganisationAccess, ServiceReadError } from './event-catalog';
import {
  chartsOf,
  choicesOf,
  groupTotals,
  listedOrderBatches,
  orderRows,
  orderTotals,
  reportScope,
} from './order-report';
import { paceOf, performanceFigures, performanceSales } from './performance-report';
import { refreshRollups } from './report-rollups';

type Parsed<T> = { ok: true; data: T } | { ok: false; response: Response };

/** Query parameters through a schema; empty ones count as absent. A 422 in the gateway's shape otherwise. */
function parseQuery<T extends z.ZodType>(c: Context, schema: T): Parsed<z.infer<T>> {
  const query = Object.fromEntries(Object.entries(c.req.query()).filter(([, value]) => value !== ''));
  const parsed = schema.safeParse(query);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors = z.flattenError(parsed.error).fieldErrors as Record<string, string[]>;
  return { ok: false, response: c.json({ message: 'The given data was invalid.', errors }, 422) };
}

/** The CSV of the analysis: the spec's field names, so a spreadsheet or CRM maps them without guessing. */
const CSV_HEADER = [
  'orderId',
  'orderKey',
  'orderDate',
  'lastChanged',
  'orderStatus',
  'orderPaymentStatus',
  'orderChannel',
  'handlingTextPayment',
  'amount',
  'fee',
  'donation',
  'seats',
  'customerId',
  'customerName',
  'email',
  'eventIds',
];

const euros = (cents: number) => (cents / 100).toFixed(2);

/**
 * Reports from the mirror (permission reports:read): the order analysis (totals and a page of rows, totals
 * per group, the filter choices, the charts, the filtered set as CSV) and the performances of a period with
 * their sales, booking pace, occupancy and waiting-list demand.
 */
export function registerReportRoutes(routes: SecuredRoutes, deps: GatewayDeps, catalog: EventCatalog): void {
  const { db, organisations } = deps;
  const reportsRead = { permission: 'reports:read' } as const;

  const access = (c: Context<GatewayEnv>): OrganisationAccess => {
    const principal = c.get('principal');
    return {
      organisationId: principal.organisationId,
      clientName: principal.clientName,
      apiKey: organisations.openKey(principal.sealedApiKey, principal.clientName),
      origin: requestOrigin(c),
    };
  };

  routes.declare('GET', '/reports/orders', reportsRead, async (c) => {
    const filter = parseQuery(c, orderFilterSchema);
    if (!filter.ok) return filter.response;
    const list = parseQuery(c, orderListQuerySchema);
    if (!list.ok) return list.response;
    const organisationId = c.get('principal').organisationId;
    await refreshRollups(db, organisationId);
    const scope = reportScope(organisationId, filter.data);
    const totals = await orderTotals(db, scope);
    // The totals (from the rollups) say whether there is a row to list: a filter that matches nothing would
    // otherwise walk every order of the period looking for one.
    const offset = (list.data.page - 1) * REPORT_PAGE_SIZE;
    const rows = totals.orders > offset ? await orderRows(db, scope.orders, list.data.sort, list.data.page) : [];
    return c.json({ totals, page: list.data.page, perPage: REPORT_PAGE_SIZE, rows });
  });

  routes.declare('GET', '/reports/orders/groups', reportsRead, async (c) => {
    const filter = parseQuery(c, orderFilterSchema);
    if (!filter.ok) return filter.response;
    const grouping = parseQuery(c, groupQuerySchema);
    if (!grouping.ok) return grouping.response;
    const organisationId = c.get('principal').organisationId;
    await refreshRollups(db, organisationId);
    const scope = reportScope(organisationId, filter.data);
    return c.json({ group: grouping.data.group, groups: await groupTotals(db, scope, grouping.data.group) });
  });

  routes.declare('GET', '/reports/orders/choices', reportsRead, async (c) => {
    const period = parseQuery(c, orderFilterSchema);
    if (!period.ok) return period.response;
    const organisationId = c.get('principal').organisationId;
    await refreshRollups(db, organisationId);
    return c.json(await choicesOf(db, organisationId, period.data.from, period.data.to));
  });

  routes.declare('GET', '/reports/orders/charts', reportsRead, async (c) => {
    const filter = parseQuery(c, orderFilterSchema);
    if (!filter.ok) return filter.response;
    const organisationId = c.get('principal').organisationId;
    await refreshRollups(db, organisationId);
    return c.json(await chartsOf(db, reportScope(organisationId, filter.data)));
  });

  routes.declare('GET', '/reports/orders/export.csv', reportsRead, async (c) => {
    const filter = parseQuery(c, orderFilterSchema);
    if (!filter.ok) return filter.response;
    const list = parseQuery(c, orderListQuerySchema);
    if (!list.ok) return list.response;
    const principal = c.get('principal');
    const where = reportScope(principal.organisationId, filter.data).orders;
    const { page: _page, ...query } = c.req.query();
    await recordAudit(db, {
      ...actor(principal),
      action: 'export',
      method: 'GET',
      path: '/api/reports/orders/export.csv',
      status: 200,
      details: { kind: 'orders-analysis', source: 'mirror', filters: query },
    });
    c.header('content-type', 'text/csv; charset=utf-8');
    c.header('content-disposition', `attachment; filename="orders-${filter.data.from}-${filter.data.to}.csv"`);
    c.header('cache-control', 'no-store');
    return stream(c, async (out) => {
      // The rules of every Foyer CSV (contract/csv.ts); decimals with a point.
      await out.write(`${UTF8_BOM}${Papa.unparse([CSV_HEADER], CSV_UNPARSE_OPTIONS)}${CSV_NEWLINE}`);
      for await (const batch of listedOrderBatches(db, where, list.data.sort)) {
        if (out.aborted) return;
        const rows = batch.map((row) => [
          row.orderId,
          row.orderKey,
          row.orderDate,
          row.lastChanged,
          row.status,
          row.payment,
          row.channel,
          row.method,
          euros(row.amountCents),
          euros(row.feeCents),
          euros(row.donationCents),
          row.tickets,
          row.customerId ?? '',
          row.customerName,
          row.email,
          row.eventIds,
        ]);
        await out.write(`${Papa.unparse(rows, CSV_UNPARSE_OPTIONS)}${CSV_NEWLINE}`);
      }
    });
  });

  routes.declare('GET', '/reports/performances', reportsRead, async (c) => {
    const range = parseQuery(c, performanceQuerySchema);
    if (!range.ok) return range.response;
    const organisation = access(c);
    return withService(c, async () => {
      const events = (await catalog.list(organisation, range.data.from, range.data.to)).filter(isPerformance);
      const ids = events.map((event) => event.eventId);
      const details = await catalog.details(organisation, ids);
      await refreshRollups(db, organisation.organisationId);
      const performances = await performanceFigures(db, organisation.organisationId, events, details);
      performances.sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || a.eventId - b.eventId);
      const readAt = catalog.readAt(organisation.organisationId, ids);
      return c.json({
        performances,
        availabilityAt: readAt === null ? null : new Date(readAt).toISOString(),
      });
    });
  });

  routes.declare('GET', '/reports/performances/pace', reportsRead, async (c) => {
    const query = parseQuery(c, paceQuerySchema);
    if (!query.ok) return query.response;
    const organisationId = c.get('principal').organisationId;
    await refreshRollups(db, organisationId);
    return c.json(await paceOf(db, organisationId, query.data.events));
  });

  routes.declare('GET', '/reports/performances/:eventId', reportsRead, async (c) => {
    const text = c.req.param('eventId') ?? '';
    if (!/^\d{1,15}$/.test(text)) return c.json({ message: 'No such performance' }, 404);
    const organisationId = c.get('principal').organisationId;
    await refreshRollups(db, organisationId);
    return c.json(await performanceSales(db, organisationId, Number(text)));
  });

  /** The service's own failures as the forwarder answers them: 502/504, or its status for a refusal. */
  async function withService(c: Context, work: () => Promise<Response>): Promise<Response> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ServiceUnreachableError) {
        deps.log.error({ reason: error.message }, 'the Ticketing Service cannot be reached');
        return error.timedOut
          ? c.json({ message: 'The Ticketing Service did not answer in time.' }, 504)
          : c.json({ message: 'The Ticketing Service cannot be reached. Try again later.' }, 502);
      }
      if (error instanceof ServiceReadError) {
        return c.json({ message: `The Ticketing Service could not give the events (${error.status}).` }, 502);
      }
      throw error;
    }
  }
}

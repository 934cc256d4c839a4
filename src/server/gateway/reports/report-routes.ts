import { stream } from 'hono/streaming';
import Papa from 'papaparse';
import { CSV_NEWLINE, CSV_UNPARSE_OPTIONS, UTF8_BOM } from '@/contract/csv';
import {
  groupQuerySchema,
  orderFilterSchema,
  orderListQuerySchema,
  paceQuerySchema,
  performanceQuerySchema,
  REPORT_PAGE_SIZE,
} from '@/contract/reports';
import type { SecuredRoutes } from '../access';
import { recordRequestAudit } from '../audit';
import { NotFoundError } from '../errors';
import type { GatewayDeps } from '../gateway-deps';
import { parseQuery } from '../request-input';
import { requestOrigin } from '../same-origin';
import { UpstreamClient } from '../upstream';
import { type EventCatalog, isPerformance } from './event-catalog';
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
  const { db } = deps;
  const reportsRead = { permission: 'reports:read' } as const;

  routes.declare('GET', '/reports/orders', reportsRead, async (c) => {
    const filter = parseQuery(c, orderFilterSchema);
    const list = parseQuery(c, orderListQuerySchema);
    const organisationId = c.get('principal').organisationId;
    await refreshRollups(db, organisationId);
    const scope = reportScope(organisationId, filter);
    const totals = await orderTotals(db, scope);
    // The totals (from the rollups) say whether there is a row to list: a filter that matches nothing would
    // otherwise walk every order of the period looking for one.
    const offset = (list.page - 1) * REPORT_PAGE_SIZE;
    const rows = totals.orders > offset ? await orderRows(db, scope.orders, list.sort, list.page) : [];
    return c.json({ totals, page: list.page, perPage: REPORT_PAGE_SIZE, rows });
  });

  routes.declare('GET', '/reports/orders/groups', reportsRead, async (c) => {
    const filter = parseQuery(c, orderFilterSchema);
    const grouping = parseQuery(c, groupQuerySchema);
    const organisationId = c.get('principal').organisationId;
    await refreshRollups(db, organisationId);
    const scope = reportScope(organisationId, filter);
    return c.json({ group: grouping.group, groups: await groupTotals(db, scope, grouping.group) });
  });

  routes.declare('GET', '/reports/orders/choices', reportsRead, async (c) => {
    const period = parseQuery(c, orderFilterSchema);
    const organisationId = c.get('principal').organisationId;
    await refreshRollups(db, organisationId);
    return c.json(await choicesOf(db, organisationId, period.from, period.to));
  });

  routes.declare('GET', '/reports/orders/charts', reportsRead, async (c) => {
    const filter = parseQuery(c, orderFilterSchema);
    const organisationId = c.get('principal').organisationId;
    await refreshRollups(db, organisationId);
    return c.json(await chartsOf(db, reportScope(organisationId, filter)));
  });

  routes.declare('GET', '/reports/orders/export.csv', reportsRead, async (c) => {
    const filter = parseQuery(c, orderFilterSchema);
    const list = parseQuery(c, orderListQuerySchema);
    const principal = c.get('principal');
    const where = reportScope(principal.organisationId, filter).orders;
    const { page: _page, ...query } = c.req.query();
    await recordRequestAudit(db, c, {
      action: 'export',
      status: 200,
      details: { kind: 'orders-analysis', source: 'mirror', filters: query },
    });
    c.header('content-type', 'text/csv; charset=utf-8');
    c.header('content-disposition', `attachment; filename="orders-${filter.from}-${filter.to}.csv"`);
    c.header('cache-control', 'no-store');
    return stream(c, async (out) => {
      // The rules of every Foyer CSV (contract/csv.ts); decimals with a point.
      await out.write(`${UTF8_BOM}${Papa.unparse([CSV_HEADER], CSV_UNPARSE_OPTIONS)}${CSV_NEWLINE}`);
      for await (const batch of listedOrderBatches(db, where, list.sort)) {
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
    const upstream = UpstreamClient.forPerson(deps, c.get('principal'), requestOrigin(c));
    const { organisationId } = upstream;
    const events = (await catalog.list(upstream, range.from, range.to)).filter(isPerformance);
    const ids = events.map((event) => event.eventId);
    const details = await catalog.details(upstream, ids);
    await refreshRollups(db, organisationId);
    const performances = await performanceFigures(db, organisationId, events, details);
    performances.sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || a.eventId - b.eventId);
    const readAt = catalog.readAt(organisationId, ids);
    return c.json({
      performances,
      availabilityAt: readAt === null ? null : new Date(readAt).toISOString(),
    });
  });

  routes.declare('GET', '/reports/performances/pace', reportsRead, async (c) => {
    const query = parseQuery(c, paceQuerySchema);
    const organisationId = c.get('principal').organisationId;
    await refreshRollups(db, organisationId);
    return c.json(await paceOf(db, organisationId, query.events));
  });

  routes.declare('GET', '/reports/performances/:eventId', reportsRead, async (c) => {
    const text = c.req.param('eventId') ?? '';
    if (!/^\d{1,15}$/.test(text)) throw new NotFoundError('No such performance');
    const organisationId = c.get('principal').organisationId;
    await refreshRollups(db, organisationId);
    return c.json(await performanceSales(db, organisationId, Number(text)));
  });
}

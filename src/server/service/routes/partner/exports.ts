import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { clientTypeListSchema, customerPageSchema } from '@/contract/customer';
import { changedSincePageQuerySchema, exportBodySchema, orderPageSchema } from '@/contract/order';
import { waitinglistPageSchema } from '@/contract/waiting-list';
import { pageEnvelope } from '@/server/pagination';
import type { ServiceEnv } from '../../context';
import { exportCustomersPrepared } from '../../domain/customers';
import { effectiveChangedSince, listClientTypes, toPageFilter } from '../../domain/exports';
import { exportOrdersPrepared } from '../../domain/orders';
import { exportWaitingList } from '../../domain/waiting-list';
import { preparedPageBody, sendPreparedJson } from '../../prepared-responses';
import { clientParams, errorResponses, jsonContent, partnerErrors, partnerPath, type ServiceApp } from '../route-kit';

const tags = ['partner: exports'];

const clientTypesRoute = createRoute({
  method: 'get',
  path: partnerPath('/export/clienttypes'),
  tags,
  request: { params: clientParams },
  responses: { 200: jsonContent(clientTypeListSchema, 'All valid customer tags of the client'), ...partnerErrors },
});

/** The three POST exports: optional JSON body `{ changedSince }`, also accepted as a query parameter. */
function exportRoute<Page extends typeof customerPageSchema | typeof orderPageSchema | typeof waitinglistPageSchema>(
  path: string,
  page: Page,
  description: string,
) {
  return createRoute({
    method: 'post',
    path: partnerPath(path),
    tags,
    request: {
      params: clientParams,
      query: changedSincePageQuerySchema,
      body: { content: { 'application/json': { schema: exportBodySchema } }, required: false },
    },
    responses: { 200: jsonContent(page, description), ...partnerErrors, ...errorResponses(400, 422) },
  });
}

const customersRoute = exportRoute(
  '/export/customers',
  customerPageSchema,
  'Customers including customerPrefs, by lastChanged (then id) ascending',
);
const ordersRoute = exportRoute('/export/orders', orderPageSchema, 'OrderExport, by lastChanged (then id) ascending');
const waitingListRoute = exportRoute(
  '/export/waitinglist',
  waitinglistPageSchema,
  'WaitinglistExport, by createdAt (then id) ascending',
);

/**
 * Following a POST export's page URL often sends no body, or an empty one with a JSON content type; both
 * mean "no filter" here instead of a 400 for unparsable JSON.
 */
const emptyBodyIsEmptyObject: MiddlewareHandler<ServiceEnv> = async (c, next) => {
  if (c.req.method === 'POST' && c.req.header('content-type')) {
    const text = await c.req.text();
    // Hono's json() parses the cached text, so an empty text is replaced by an empty object.
    if (text.trim() === '') (c.req.bodyCache as Record<string, unknown>).text = Promise.resolve('{}');
  }
  await next();
};

export function registerExportRoutes(app: ServiceApp): void {
  app.openapi(clientTypesRoute, async (c) => {
    const { db } = c.get('deps');
    return c.json(await listClientTypes(db, c.get('client').id), 200);
  });
  for (const route of [customersRoute, ordersRoute, waitingListRoute]) {
    app.use(route.getRoutingPath(), emptyBodyIsEmptyObject);
  }
  app.openapi(customersRoute, async (c) => {
    const { db } = c.get('deps');
    const client = c.get('client');
    const query = c.req.valid('query');
    const changedSince = effectiveChangedSince(c.req.valid('json').changedSince, query.changedSince);
    const filter = toPageFilter(client, query.page, changedSince);
    // A prepared page (see exportCustomersPrepared): served as prepared bytes, never rebuilt from objects.
    const prepared = await exportCustomersPrepared(db, client, filter);
    const body = preparedPageBody({ requestUrl: c.req.url, page: filter.page, prepared, carry: { changedSince } });
    return sendPreparedJson(c, body);
  });
  app.openapi(ordersRoute, async (c) => {
    const { db } = c.get('deps');
    const client = c.get('client');
    const query = c.req.valid('query');
    const changedSince = effectiveChangedSince(c.req.valid('json').changedSince, query.changedSince);
    const filter = toPageFilter(client, query.page, changedSince);
    // A prepared page (see exportOrdersPrepared): served as prepared bytes, never rebuilt from objects.
    const prepared = await exportOrdersPrepared(db, client, filter);
    const body = preparedPageBody({ requestUrl: c.req.url, page: filter.page, prepared, carry: { changedSince } });
    return sendPreparedJson(c, body);
  });
  app.openapi(waitingListRoute, async (c) => {
    const { db } = c.get('deps');
    const client = c.get('client');
    const query = c.req.valid('query');
    const changedSince = effectiveChangedSince(c.req.valid('json').changedSince, query.changedSince);
    const filter = toPageFilter(client, query.page, changedSince);
    const { total, rows } = await exportWaitingList(db, client, filter);
    return c.json(
      pageEnvelope({ requestUrl: c.req.url, page: filter.page, total, data: rows, carry: { changedSince } }),
      200,
    );
  });
}

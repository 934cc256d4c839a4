import { createRoute } from '@hono/zod-openapi';
import { idParamSchema } from '../../../../contract/common';
import { changedSincePageQuerySchema, orderPageSchema, orderSchema } from '../../../../contract/order';
import { toPageFilter } from '../../domain/exports';
import { getOrder, listOrders } from '../../domain/orders';
import { pageEnvelope } from '../pagination';
import { clientParams, errorResponses, jsonContent, partnerErrors, partnerPath, type ServiceApp } from '../route-kit';

const tags = ['partner: orders'];

const listOrdersRoute = createRoute({
  method: 'get',
  path: partnerPath('/order'),
  tags,
  request: { params: clientParams, query: changedSincePageQuerySchema },
  responses: {
    200: jsonContent(orderPageSchema, 'Orders newest first, 100 per page, with the export fields'),
    ...partnerErrors,
    ...errorResponses(422),
  },
});

const getOrderRoute = createRoute({
  method: 'get',
  path: partnerPath('/order/{orderId}'),
  tags,
  request: { params: clientParams.extend({ orderId: idParamSchema }) },
  responses: { 200: jsonContent(orderSchema, 'One order'), ...partnerErrors },
});

export function registerOrderRoutes(app: ServiceApp): void {
  app.openapi(listOrdersRoute, async (c) => {
    const { db } = c.get('deps');
    const client = c.get('client');
    const { page, changedSince } = c.req.valid('query');
    const filter = toPageFilter(client, page, changedSince);
    const { total, rows } = await listOrders(db, client, filter);
    return c.json(pageEnvelope({ requestUrl: c.req.url, page: filter.page, total, data: rows }), 200);
  });
  app.openapi(getOrderRoute, async (c) => {
    const { db } = c.get('deps');
    return c.json(await getOrder(db, c.get('client'), c.req.valid('param').orderId), 200);
  });
}

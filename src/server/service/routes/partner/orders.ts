import { createRoute } from '@hono/zod-openapi';
import { idParamSchema } from '@/contract/common';
import { changedSincePageQuerySchema, orderPageSchema, orderSchema } from '@/contract/order';
import { toPageFilter } from '../../domain/exports';
import { getOrder, listOrdersPrepared } from '../../domain/orders';
import { preparedPageBody, sendPreparedJson } from '../../prepared-responses';
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
    // A prepared page (see listOrdersPrepared): served as prepared bytes, never rebuilt from objects.
    const prepared = await listOrdersPrepared(db, client, filter);
    const body = preparedPageBody({ requestUrl: c.req.url, page: filter.page, prepared });
    return sendPreparedJson(c, body);
  });
  app.openapi(getOrderRoute, async (c) => {
    const { db } = c.get('deps');
    return c.json(await getOrder(db, c.get('client'), c.req.valid('param').orderId), 200);
  });
}

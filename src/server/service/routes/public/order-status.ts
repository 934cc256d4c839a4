import { createRoute, z } from '@hono/zod-openapi';
import { publicOrderStatusSchema } from '@/contract/public-order';
import { getPublicOrderStatus } from '../../domain/orders';
import { clientParams, errorResponses, jsonContent, publicPath, type ServiceApp } from '../route-kit';

const orderStatusRoute = createRoute({
  method: 'get',
  path: publicPath('/order/{order_key}'),
  tags: ['public: orders'],
  request: { params: clientParams.extend({ order_key: z.string().min(1).max(200) }) },
  responses: {
    200: jsonContent(publicOrderStatusSchema, 'Payment status, tickets and receipt links of the order'),
    ...errorResponses(404),
  },
});

export function registerPublicOrderStatusRoutes(app: ServiceApp): void {
  app.openapi(orderStatusRoute, async (c) => {
    const { db } = c.get('deps');
    const { order_key } = c.req.valid('param');
    const origin = new URL(c.req.url).origin;
    return c.json(await getPublicOrderStatus(db, c.get('client'), order_key, origin), 200);
  });
}

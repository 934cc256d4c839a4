import { createRoute } from '@hono/zod-openapi';
import { orderCreateRequestSchema, orderCreateResponseSchema } from '@/contract/order-create';
import { createPublicOrder } from '../../domain/public-checkout';
import { clientParams, errorResponses, jsonContent, publicPath, type ServiceApp } from '../route-kit';

const orderCreateRoute = createRoute({
  method: 'post',
  path: publicPath('/order/create'),
  tags: ['public: orders'],
  request: {
    params: clientParams,
    body: { ...jsonContent(orderCreateRequestSchema, 'Order create request (spec 2.5)'), required: true },
  },
  responses: {
    200: jsonContent(orderCreateResponseSchema, 'The payment page URL and the order key'),
    ...errorResponses(400, 404, 409, 422),
  },
});

export function registerPublicOrderCreateRoutes(app: ServiceApp): void {
  app.openapi(orderCreateRoute, async (c) => {
    const origin = new URL(c.req.url).origin;
    return c.json(await createPublicOrder(c.get('deps'), c.get('client'), c.req.valid('json'), origin), 200);
  });
}

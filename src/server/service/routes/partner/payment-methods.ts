import { createRoute, z } from '@hono/zod-openapi';
import { paymentMethodSchema } from '@/contract/payment-method';
import { listPaymentMethods } from '../../domain/payment-methods';
import { clientParams, jsonContent, partnerErrors, partnerPath, type ServiceApp } from '../route-kit';

const listPaymentMethodsRoute = createRoute({
  method: 'get',
  path: partnerPath('/paymentmethods'),
  tags: ['partner: payment methods'],
  request: { params: clientParams },
  responses: { 200: jsonContent(z.array(paymentMethodSchema), 'The payment methods of the client'), ...partnerErrors },
});

export function registerPaymentMethodRoutes(app: ServiceApp): void {
  app.openapi(listPaymentMethodsRoute, async (c) => {
    const { db } = c.get('deps');
    return c.json(await listPaymentMethods(db, c.get('client').id), 200);
  });
}

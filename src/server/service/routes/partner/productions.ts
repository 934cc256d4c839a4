import { createRoute } from '@hono/zod-openapi';
import { idParamSchema } from '@/contract/common';
import { productionSchema } from '@/contract/production';
import { getProduction } from '../../domain/productions';
import { clientParams, jsonContent, partnerErrors, partnerPath, type ServiceApp } from '../route-kit';

const getProductionRoute = createRoute({
  method: 'get',
  path: partnerPath('/production/{productionId}'),
  tags: ['partner: events'],
  request: { params: clientParams.extend({ productionId: idParamSchema }) },
  responses: { 200: jsonContent(productionSchema, 'The production with all its events'), ...partnerErrors },
});

export function registerProductionRoutes(app: ServiceApp): void {
  app.openapi(getProductionRoute, async (c) => {
    const { db, now } = c.get('deps');
    return c.json(await getProduction(db, c.get('client'), c.req.valid('param').productionId, now()), 200);
  });
}

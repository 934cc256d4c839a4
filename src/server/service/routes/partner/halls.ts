import { createRoute, z } from '@hono/zod-openapi';
import { idParamSchema } from '@/contract/common';
import { hallSchema } from '@/contract/hall';
import { getHall, listHalls } from '../../domain/halls';
import { clientParams, jsonContent, partnerErrors, partnerPath, type ServiceApp } from '../route-kit';

const listHallsRoute = createRoute({
  method: 'get',
  path: partnerPath('/hall'),
  tags: ['partner: halls'],
  request: { params: clientParams },
  responses: { 200: jsonContent(z.array(hallSchema), 'The halls of the client'), ...partnerErrors },
});

const getHallRoute = createRoute({
  method: 'get',
  path: partnerPath('/hall/{hallId}'),
  tags: ['partner: halls'],
  request: { params: clientParams.extend({ hallId: idParamSchema }) },
  responses: { 200: jsonContent(hallSchema, 'One hall'), ...partnerErrors },
});

export function registerHallRoutes(app: ServiceApp): void {
  app.openapi(listHallsRoute, async (c) => {
    const { db } = c.get('deps');
    return c.json(await listHalls(db, c.get('client').id), 200);
  });
  app.openapi(getHallRoute, async (c) => {
    const { db } = c.get('deps');
    const { hallId } = c.req.valid('param');
    return c.json(await getHall(db, c.get('client').id, hallId), 200);
  });
}

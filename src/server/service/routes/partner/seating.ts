import { createRoute } from '@hono/zod-openapi';
import { idParamSchema } from '@/contract/common';
import { seatPlanSchema } from '@/contract/seating';
import { seatPlanBody } from '../../domain/seating';
import { sendPreparedJson } from '../../prepared-responses';
import { clientParams, jsonContent, partnerErrors, partnerPath, type ServiceApp } from '../route-kit';

const getSeatPlanRoute = createRoute({
  method: 'get',
  path: partnerPath('/seating/{eventId}'),
  tags: ['partner: halls'],
  request: { params: clientParams.extend({ eventId: idParamSchema }) },
  responses: { 200: jsonContent(seatPlanSchema, 'The seating plan of the event'), ...partnerErrors },
});

export function registerSeatingRoutes(app: ServiceApp): void {
  app.openapi(getSeatPlanRoute, async (c) => {
    const { db, now } = c.get('deps');
    // Prepared JSON (see seatPlanBody): the arena's plan is too large to build as objects per request.
    const body = await seatPlanBody(db, c.get('client').id, c.req.valid('param').eventId, now());
    return sendPreparedJson(c, body);
  });
}

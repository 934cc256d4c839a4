import { createRoute, z } from '@hono/zod-openapi';
import { idParamSchema } from '@/contract/common';
import { partnerEventListQuerySchema, partnerEventSchema } from '@/contract/event';
import { getPartnerEvent, partnerEventListBody } from '../../domain/events';
import { sendPreparedJson } from '../../prepared-responses';
import { clientParams, errorResponses, jsonContent, partnerErrors, partnerPath, type ServiceApp } from '../route-kit';

const listEventsRoute = createRoute({
  method: 'get',
  path: partnerPath('/event'),
  tags: ['partner: events'],
  request: { params: clientParams, query: partnerEventListQuerySchema },
  responses: {
    200: jsonContent(z.array(partnerEventSchema), 'The events of the client, without availability'),
    ...partnerErrors,
    ...errorResponses(422),
  },
});

const getEventRoute = createRoute({
  method: 'get',
  path: partnerPath('/event/{eventId}'),
  tags: ['partner: events'],
  request: { params: clientParams.extend({ eventId: idParamSchema }) },
  responses: {
    200: jsonContent(partnerEventSchema, 'One event with prices, availability and blockAvailability'),
    ...partnerErrors,
  },
});

export function registerPartnerEventRoutes(app: ServiceApp): void {
  app.openapi(listEventsRoute, async (c) => {
    const { db, now } = c.get('deps');
    // Served as prepared JSON: the unfiltered list is serialised (and gzipped) once per catalog version.
    const body = await partnerEventListBody(db, c.get('client'), c.req.valid('query'), now());
    return Array.isArray(body) ? c.json(body, 200) : sendPreparedJson(c, body);
  });
  app.openapi(getEventRoute, async (c) => {
    const { db, now } = c.get('deps');
    return c.json(await getPartnerEvent(db, c.get('client'), c.req.valid('param').eventId, now()), 200);
  });
}

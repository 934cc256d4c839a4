import { createRoute, z } from '@hono/zod-openapi';
import { ticketTypeSchema } from '@/contract/ticket-type';
import { listPublicTicketTypes } from '../../domain/public-events';
import { clientParams, errorResponses, jsonContent, publicPath, type ServiceApp } from '../route-kit';

const listTicketTypesRoute = createRoute({
  method: 'get',
  path: publicPath('/tickettypes/{event_id}'),
  tags: ['public: events'],
  request: {
    params: clientParams.extend({
      // Any string: a bad id gets the spec's exact 404 text, not the generic one.
      event_id: z.string().meta({ description: 'Sub-event id (not the main event id)' }),
    }),
  },
  responses: {
    200: jsonContent(z.array(ticketTypeSchema), 'The ticket types the public can buy now'),
    ...errorResponses(404),
  },
});

export function registerPublicTicketTypeRoutes(app: ServiceApp): void {
  app.openapi(listTicketTypesRoute, async (c) => {
    const { db, now } = c.get('deps');
    const { event_id } = c.req.valid('param');
    return c.json(await listPublicTicketTypes(db, c.get('client').id, event_id, now()), 200);
  });
}

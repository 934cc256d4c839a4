import { createRoute, z } from '@hono/zod-openapi';
import { publicEventSchema, publicEventSelectorSchema } from '@/contract/public-event';
import { EVENT_NOT_FOUND, listPublicEvents, parsePublicEventSelector } from '../../domain/public-events';
import { NotFoundError } from '../../errors';
import { clientParams, errorResponses, jsonContent, publicPath, type ServiceApp } from '../route-kit';

const listEventsRoute = createRoute({
  method: 'get',
  path: publicPath('/events'),
  tags: ['public: events'],
  request: { params: clientParams },
  responses: {
    200: jsonContent(z.array(publicEventSchema), 'Published main events with their regular sub-events'),
    ...errorResponses(404),
  },
});

const getEventsRoute = createRoute({
  method: 'get',
  path: publicPath('/events/{event_id}'),
  tags: ['public: events'],
  request: { params: clientParams.extend({ event_id: publicEventSelectorSchema }) },
  responses: {
    200: jsonContent(z.array(publicEventSchema), 'One element per main event'),
    ...errorResponses(404),
  },
});

export function registerPublicEventRoutes(app: ServiceApp): void {
  app.openapi(listEventsRoute, async (c) => {
    const { db, now } = c.get('deps');
    return c.json(await listPublicEvents(db, c.get('client'), { kind: 'all' }, now()), 200);
  });
  app.openapi(getEventsRoute, async (c) => {
    const { db, now } = c.get('deps');
    const selector = parsePublicEventSelector(c.req.valid('param').event_id);
    if (!selector) throw new NotFoundError(EVENT_NOT_FOUND);
    return c.json(await listPublicEvents(db, c.get('client'), selector, now()), 200);
  });
}

import type { Context } from 'hono';
import { partnerEventListQuerySchema } from '@/contract/event';
import type { GatewayEnv, SecuredRoutes } from '../access';
import { NotFoundError } from '../errors';
import { parseQuery } from '../request-input';
import { requestOrigin } from '../same-origin';
import { UpstreamClient } from '../upstream';
import { DETAIL_TTL_MS, type EventCatalog, eventListPath, HALLS_TTL_MS, LIST_TTL_MS } from './event-catalog';
import type { ReportDeps } from './report-routes';

/**
 * The service's events, an event's detail and the halls as the organisation's people share them (issue 32; see
 * EventCatalog): the same answers as `GET /partner/event`, `/partner/event/{id}` and `/partner/hall` forwarded,
 * for the same permissions, read from the service at most once per freshness period for everyone. The
 * dashboard and the pages that label with every event read these; the box office reads availability fresh.
 */
export function registerCatalogRoutes(routes: SecuredRoutes, deps: ReportDeps, catalog: EventCatalog): void {
  const readers = { anyOf: ['events:read', 'reports:read'] } as const;
  const upstream = (c: Context<GatewayEnv>) => UpstreamClient.forPerson(deps, c.get('principal'), requestOrigin(c));
  const json = (c: Context<GatewayEnv>, text: string) => c.body(text, 200, { 'content-type': 'application/json' });

  routes.declare('GET', '/catalog/events', readers, async (c) => {
    const range = parseQuery(c, partnerEventListQuerySchema);
    const path = eventListPath({ from: range.startDate, to: range.endDate });
    return json(c, await catalog.read(upstream(c), path, LIST_TTL_MS));
  });

  routes.declare('GET', '/catalog/events/:eventId', readers, async (c) => {
    const text = c.req.param('eventId') ?? '';
    if (!/^\d{1,15}$/.test(text)) throw new NotFoundError('No such event');
    const body = await catalog.read(upstream(c), `/partner/event/${text}`, DETAIL_TTL_MS);
    if (body === 'null') throw new NotFoundError('No such event');
    return json(c, body);
  });

  routes.declare('GET', '/catalog/halls', readers, async (c) =>
    json(c, await catalog.read(upstream(c), '/partner/hall', HALLS_TTL_MS)),
  );
}

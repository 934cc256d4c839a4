import { STORY_KINDS, type StoryPage, storyQuerySchema } from '@/contract/customer-story';
import type { Database } from '../../db/database';
import type { SecuredRoutes } from '../access';
import { NotFoundError } from '../errors';
import { parseQuery } from '../request-input';
import { requestOrigin } from '../same-origin';
import type { ServiceConnection } from '../service-connection';
import { type KeyOpener, UpstreamClient } from '../upstream';
import { storyPage } from './customer-story-service';
import { namedEvents, type SharedReads } from './story-events';

export interface StoryDeps {
  db: Database;
  service: ServiceConnection;
  organisations: KeyOpener;
}

/** A customer's story: `GET /api/customers/:customerId/story` (customers:read), paged by `before`. */
export function registerCustomerStoryRoutes(routes: SecuredRoutes, deps: StoryDeps, catalog: SharedReads): void {
  routes.declare('GET', '/customers/:customerId/story', { permission: 'customers:read' }, async (c) => {
    const text = c.req.param('customerId') ?? '';
    if (!/^\d{1,15}$/.test(text)) throw new NotFoundError('No such customer');
    const query = parseQuery(c, storyQuerySchema);
    const principal = c.get('principal');
    const page = await storyPage(deps.db, {
      organisationId: principal.organisationId,
      customerId: Number(text),
      kinds: query.kinds ?? STORY_KINDS,
      before: query.before,
      events: () => namedEvents(catalog, UpstreamClient.forPerson(deps, principal, requestOrigin(c))),
    });
    return c.json(page satisfies StoryPage);
  });
}

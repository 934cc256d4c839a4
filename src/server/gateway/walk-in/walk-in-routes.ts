import type { WalkInCustomer } from '@/contract/scan';
import type { Database } from '../../db/database';
import type { SecuredRoutes } from '../access';
import { recordRequestAudit } from '../audit';
import { requestOrigin } from '../same-origin';
import type { ServiceConnection } from '../service-connection';
import { type KeyOpener, UpstreamClient } from '../upstream';
import { WalkInService } from './walk-in-service';

/** What the walk-in route uses of the gateway's deps. */
export interface WalkInDeps {
  db: Database;
  service: ServiceConnection;
  organisations: KeyOpener;
}

/**
 * `POST /api/walk-in-customer`: the organisation's walk-in customer, made on the first call (hence a POST) and the
 * same ever after, with the payment method that takes cash — what the box office's quick sale needs.
 */
export function registerWalkInRoutes(routes: SecuredRoutes, deps: WalkInDeps): void {
  const walkIns = new WalkInService(deps.db);
  routes.declare('POST', '/walk-in-customer', { permission: 'sales:sell' }, async (c) => {
    const principal = c.get('principal');
    const answer = await walkIns.walkIn({
      organisationId: principal.organisationId,
      upstream: () => UpstreamClient.forPerson(deps, principal, requestOrigin(c)),
      audit: (tx, entry) => recordRequestAudit(tx, c, entry),
    });
    return c.json(answer satisfies WalkInCustomer);
  });
}

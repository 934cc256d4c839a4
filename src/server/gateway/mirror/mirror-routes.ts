import type { Database } from '../../db/database';
import type { SecuredRoutes } from '../access';
import { mirrorStatus, refreshMirror } from './mirror-service';
import type { MirrorSync } from './mirror-sync';

/** What the mirror's routes use of the gateway's deps (not GatewayDeps, which is built from this entry). */
export interface MirrorRouteDeps {
  db: Database;
  mirror: MirrorSync;
}

/**
 * How fresh the organisation's mirror is, for the app's indicator, and "refresh now". Anyone signed in may
 * see the freshness (every page that reads the mirror shows it); a refresh costs the service requests, so
 * it is for those who read the customer list, orders or reports — not for the desk's buyer lookup.
 */
export function registerMirrorRoutes(routes: SecuredRoutes, deps: MirrorRouteDeps): void {
  const { db, mirror } = deps;
  routes.declare('GET', '/mirror/status', 'signed-in', async (c) => {
    return c.json(await mirrorStatus(db, c.get('principal').organisationId, mirror.intervalSeconds));
  });
  routes.declare('POST', '/mirror/refresh', { anyOf: ['customers:read', 'orders:read', 'reports:read'] }, async (c) => {
    return c.json(await refreshMirror(db, mirror, c.get('principal').organisationId), 202);
  });
}

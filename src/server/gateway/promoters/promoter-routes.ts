import type { Context } from 'hono';
import type { ProductionDashboard, PromoterProductions } from '@/contract/promoter';
import type { Database } from '../../db/database';
import type { GatewayEnv, SecuredRoutes } from '../access';
import { NotFoundError } from '../errors';
import type { EventCatalog } from '../reports';
import { requestOrigin } from '../same-origin';
import type { ServiceConnection } from '../service-connection';
import { type KeyOpener, UpstreamClient } from '../upstream';
import { PromoterService } from './promoter-service';

/** What the promoter routes use of the gateway's deps. */
export interface PromoterDeps {
  db: Database;
  service: ServiceConnection;
  organisations: KeyOpener;
}

const reportsRead = { permission: 'reports:read' } as const;

/** The productions and each one's dashboard (reports:read), answered within the person's scope. */
export function registerPromoterRoutes(routes: SecuredRoutes, deps: PromoterDeps, catalog: EventCatalog): void {
  const promoters = new PromoterService(deps.db, catalog);
  const upstream = (c: Context<GatewayEnv>) => UpstreamClient.forPerson(deps, c.get('principal'), requestOrigin(c));

  routes.declare(
    'GET',
    '/promoter/productions',
    reportsRead,
    async (c) => c.json((await promoters.productions(c.get('principal'), upstream(c))) satisfies PromoterProductions),
    { withinScope: true },
  );

  routes.declare(
    'GET',
    '/promoter/productions/:productionId',
    reportsRead,
    async (c) => {
      const text = c.req.param('productionId') ?? '';
      if (!/^\d{1,15}$/.test(text)) throw new NotFoundError('No such production');
      const dashboard = await promoters.dashboard(c.get('principal'), upstream(c), Number(text));
      return c.json(dashboard satisfies ProductionDashboard);
    },
    { withinScope: true },
  );
}

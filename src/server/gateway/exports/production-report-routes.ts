import type { Context } from 'hono';
import { productionReportInputSchema } from '@/contract/production-reports';
import type { GatewayEnv, SecuredRoutes } from '../access';
import { NotFoundError } from '../errors';
import { PromoterService } from '../promoters';
import type { EventCatalog } from '../reports';
import { parseBody } from '../request-input';
import { attachment, type ExportDeps, requesterOf } from './export-routes';
import { ProductionReportService } from './production-report-service';

const reportsRead = { permission: 'reports:read' } as const;

/** The numeric path parameter `name`; text that cannot be an id names nothing (404 with `message`). */
function idParam(c: Context<GatewayEnv>, name: string, message: string): number {
  const text = c.req.param(name) ?? '';
  if (!/^\d{1,15}$/.test(text)) throw new NotFoundError(message);
  return Number(text);
}

/**
 * A production's scheduled sales reports (reports:read, answered within a scoped person's productions; the
 * rules: production-report-service.ts): list with their files, schedule, remove, run now, download a file.
 */
export function registerProductionReportRoutes(routes: SecuredRoutes, deps: ExportDeps, catalog: EventCatalog): void {
  const reports = new ProductionReportService(
    deps.db,
    deps.exportScheduler ?? null,
    new PromoterService(deps.db, catalog),
  );
  const requester = (c: Context<GatewayEnv>) => requesterOf(deps, c, catalog);
  const production = (c: Context<GatewayEnv>) => idParam(c, 'productionId', 'No such production');
  const declare = (
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    handler: (c: Context<GatewayEnv>) => Promise<Response>,
  ) => routes.declare(method, `/exports/production-reports${path}`, reportsRead, handler, { withinScope: true });

  declare('GET', '/:productionId', async (c) => c.json(await reports.list(requester(c), production(c))));
  declare('POST', '/:productionId', async (c) => {
    const input = await parseBody(c, productionReportInputSchema);
    return c.json(await reports.create(requester(c), production(c), input), 201);
  });
  declare('DELETE', '/schedules/:id', async (c) => {
    await reports.remove(requester(c), idParam(c, 'id', 'No such schedule'));
    return c.body(null, 204);
  });
  declare('POST', '/schedules/:id/run', async (c) =>
    c.json(await reports.runNow(requester(c), idParam(c, 'id', 'No such schedule')), 202),
  );
  declare('GET', '/files/:id', async (c) => {
    const file = await reports.download(requester(c), idParam(c, 'id', 'No such file'));
    return attachment(file.body, file.fileName, {
      'content-type': file.contentType,
      'content-length': String(file.size),
    });
  });
}

import type { Context } from 'hono';
import type { Logger } from 'pino';
import {
  ANY_EXPORT,
  type ExportCount,
  type ExportFiles,
  exportCountQuerySchema,
  exportRunSchema,
  type RunOutcome,
  type Schedule,
  type Schedules,
  scheduleInputSchema,
  type Watermarks,
} from '@/contract/exports';
import type { Database } from '../../db/database';
import type { GatewayEnv, SecuredRoutes } from '../access';
import { recordRequestAudit } from '../audit';
import { NotFoundError } from '../errors';
import type { EventCatalog } from '../reports';
import { parseBody, parseQuery } from '../request-input';
import { scopedEvents } from '../role-scopes';
import { requestOrigin } from '../same-origin';
import type { ServiceConnection } from '../service-connection';
import { type KeyOpener, UpstreamClient } from '../upstream';
import type { ExportScheduler } from './export-scheduler';
import { type ExportRequester, ExportService } from './export-service';

const anyExport = { anyOf: ANY_EXPORT } as const;

/** What the exports' routes work with (of GatewayDeps, which is built from this folder's entry). */
export interface ExportDeps {
  db: Database;
  log: Logger;
  service: ServiceConnection;
  organisations: KeyOpener;
  exportScheduler?: ExportScheduler | undefined;
}

/** The `:id` of the path; text that cannot be an id names nothing (404 with `message`). */
function idParam(c: Context<GatewayEnv>, message: string): number {
  const text = c.req.param('id');
  if (!text || !/^\d{1,15}$/.test(text)) throw new NotFoundError(message);
  return Number(text);
}

/** The person of `c` as the export service sees them: their upstream client and their request's audit entry. */
export function requesterOf(deps: ExportDeps, c: Context<GatewayEnv>, catalog: EventCatalog): ExportRequester {
  const principal = c.get('principal');
  const upstream = () => UpstreamClient.forPerson(deps, principal, requestOrigin(c));
  const { scope } = principal;
  return {
    principal,
    upstream,
    audit: (db, entry) => recordRequestAudit(db, c, entry),
    cut: async () =>
      scope && {
        eventIds: (await scopedEvents(catalog, upstream(), scope)).eventIds,
        namesOnly: !principal.permissions.includes('customers:contact'),
      },
  };
}

/** A file the browser saves, streamed as it is read or written (never held whole in memory). */
export function attachment(body: ReadableStream, fileName: string, headers: Record<string, string>): Response {
  return new Response(body, {
    headers: {
      ...headers,
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'no-store',
    },
  });
}

/**
 * The exports' routes (export-service.ts holds what they do): every one open to any exporting permission,
 * the service checking the kind against the person's role as the export itself would. A person of a scoped
 * role may count and run exports (whole, cut to their events); the organisation's watermarks, schedules and
 * files are not theirs.
 */
export function registerExportRoutes(routes: SecuredRoutes, deps: ExportDeps, catalog: EventCatalog): void {
  const service = new ExportService(deps.db, deps.log, deps.exportScheduler ?? null);
  const requester = (c: Context<GatewayEnv>) => requesterOf(deps, c, catalog);
  const withinScope = { withinScope: true };

  routes.declare('GET', '/exports/watermarks', anyExport, async (c) => {
    const watermarks = await service.watermarks(requester(c));
    return c.json({ watermarks } satisfies Watermarks);
  });

  routes.declare('DELETE', '/exports/watermarks/:stream', anyExport, async (c) => {
    await service.forgetWatermark(requester(c), c.req.param('stream') ?? '');
    return c.body(null, 204);
  });

  routes.declare(
    'GET',
    '/exports/count',
    anyExport,
    async (c) => {
      const query = parseQuery(c, exportCountQuerySchema);
      return c.json((await service.count(requester(c), query)) satisfies ExportCount);
    },
    withinScope,
  );

  routes.declare(
    'POST',
    '/exports/runs',
    anyExport,
    async (c) => {
      const settings = await parseBody(c, exportRunSchema);
      const run = await service.startRun(requester(c), settings);
      return attachment(run.body, run.fileName, {
        'content-type': run.mimeType,
        'x-export-run': String(run.runId),
        'x-export-records': String(run.records),
        'x-export-source': run.source,
      });
    },
    withinScope,
  );

  routes.declare(
    'POST',
    '/exports/runs/:id/complete',
    anyExport,
    async (c) => {
      const runId = idParam(c, 'No such export');
      return c.json((await service.completeRun(requester(c), runId)) satisfies RunOutcome);
    },
    withinScope,
  );

  routes.declare('GET', '/exports/schedules', anyExport, async (c) => {
    return c.json((await service.schedules(requester(c))) satisfies Schedules);
  });

  routes.declare('POST', '/exports/schedules', anyExport, async (c) => {
    const input = await parseBody(c, scheduleInputSchema);
    return c.json((await service.createSchedule(requester(c), input)) satisfies Schedule, 201);
  });

  routes.declare('PUT', '/exports/schedules/:id', anyExport, async (c) => {
    const id = idParam(c, 'No such schedule');
    const input = await parseBody(c, scheduleInputSchema);
    return c.json((await service.updateSchedule(requester(c), id, input)) satisfies Schedule);
  });

  routes.declare('DELETE', '/exports/schedules/:id', anyExport, async (c) => {
    await service.deleteSchedule(requester(c), idParam(c, 'No such schedule'));
    return c.body(null, 204);
  });

  routes.declare('POST', '/exports/schedules/:id/run', anyExport, async (c) => {
    const id = idParam(c, 'No such schedule');
    return c.json((await service.runScheduleNow(requester(c), id)) satisfies Schedule, 202);
  });

  routes.declare('GET', '/exports/files', anyExport, async (c) => {
    const files = await service.files(requester(c));
    return c.json({ files } satisfies ExportFiles);
  });

  routes.declare('GET', '/exports/files/:id', anyExport, async (c) => {
    const file = await service.download(requester(c), idParam(c, 'No such file'));
    return attachment(file.body, file.fileName, {
      'content-type': file.contentType,
      'content-length': String(file.size),
    });
  });
}

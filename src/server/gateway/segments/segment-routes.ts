import type { Context } from 'hono';
import {
  type Segment,
  type SegmentChoices,
  type SegmentCount,
  type SegmentList,
  type SegmentPreview,
  segmentExportQuerySchema,
  segmentInputSchema,
  segmentPreviewQuerySchema,
  segmentRuleBodySchema,
} from '@/contract/segments';
import type { Database } from '../../db/database';
import type { GatewayEnv, SecuredRoutes } from '../access';
import { recordRequestAudit } from '../audit';
import { NotFoundError } from '../errors';
import type { EventCatalog } from '../reports';
import { parseBody, parseQuery } from '../request-input';
import { requestOrigin } from '../same-origin';
import type { ServiceConnection } from '../service-connection';
import { type KeyOpener, UpstreamClient } from '../upstream';
import { SegmentEvents } from './segment-events';
import type { SegmentFactsDirectories } from './segment-facts-directory';
import { type SegmentRequester, SegmentService } from './segment-service';

const manage = { permission: 'segments:manage' } as const;

/** What the segments' routes work with (of GatewayDeps). */
interface SegmentDeps {
  db: Database;
  service: ServiceConnection;
  organisations: KeyOpener;
  segmentFacts: SegmentFactsDirectories;
}

function idParam(c: Context<GatewayEnv>): number {
  const text = c.req.param('id');
  if (!text || !/^\d{1,15}$/.test(text)) throw new NotFoundError('No such segment');
  return Number(text);
}

function requesterOf(deps: SegmentDeps, c: Context<GatewayEnv>): SegmentRequester {
  const principal = c.get('principal');
  return {
    principal,
    upstream: () => UpstreamClient.forPerson(deps, principal, requestOrigin(c)),
    audit: (db, entry) => recordRequestAudit(db, c, entry),
  };
}

/** The segments' routes (segment-service.ts holds what they do): all for people with segments:manage. */
export function registerSegmentRoutes(routes: SecuredRoutes, deps: SegmentDeps, catalog: EventCatalog): void {
  const service = new SegmentService(deps.db, new SegmentEvents(deps.db, catalog), deps.segmentFacts);
  const who = (c: Context<GatewayEnv>) => requesterOf(deps, c);

  routes.declare('GET', '/segments', manage, async (c) => {
    return c.json({ segments: await service.list(who(c)) } satisfies SegmentList);
  });

  routes.declare('GET', '/segments/choices', manage, async (c) => {
    return c.json((await service.choices(who(c))) satisfies SegmentChoices);
  });

  routes.declare('POST', '/segments/count', manage, async (c) => {
    const { rule } = await parseBody(c, segmentRuleBodySchema);
    return c.json((await service.count(who(c), rule)) satisfies SegmentCount);
  });

  routes.declare('POST', '/segments/preview', manage, async (c) => {
    const { page } = parseQuery(c, segmentPreviewQuerySchema);
    const { rule } = await parseBody(c, segmentRuleBodySchema);
    return c.json((await service.preview(who(c), rule, page)) satisfies SegmentPreview);
  });

  routes.declare('POST', '/segments', manage, async (c) => {
    const input = await parseBody(c, segmentInputSchema);
    return c.json((await service.create(who(c), input)) satisfies Segment, 201);
  });

  routes.declare('GET', '/segments/:id', manage, async (c) => {
    return c.json((await service.get(who(c), idParam(c))) satisfies Segment);
  });

  routes.declare('PUT', '/segments/:id', manage, async (c) => {
    const id = idParam(c);
    const input = await parseBody(c, segmentInputSchema);
    return c.json((await service.update(who(c), id, input)) satisfies Segment);
  });

  routes.declare('DELETE', '/segments/:id', manage, async (c) => {
    await service.delete(who(c), idParam(c));
    return c.body(null, 204);
  });

  routes.declare('GET', '/segments/:id/count', manage, async (c) => {
    return c.json((await service.countSaved(who(c), idParam(c))) satisfies SegmentCount);
  });

  routes.declare('GET', '/segments/:id/preview', manage, async (c) => {
    const id = idParam(c);
    const { page } = parseQuery(c, segmentPreviewQuerySchema);
    return c.json((await service.previewSaved(who(c), id, page)) satisfies SegmentPreview);
  });

  routes.declare('GET', '/segments/:id/export', manage, async (c) => {
    const id = idParam(c);
    const { delimiter } = parseQuery(c, segmentExportQuerySchema);
    const file = await service.export(who(c), id, delimiter);
    return new Response(file.body, {
      headers: {
        'content-type': 'text/csv;charset=utf-8',
        'content-disposition': `attachment; filename="${file.fileName}"`,
        'cache-control': 'no-store',
        'x-segment-members': String(file.members),
      },
    });
  });
}

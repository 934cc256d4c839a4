import type { Context } from 'hono';
import {
  type AutoTagDiff,
  type AutoTagsInUse,
  type AutoTagView,
  autoTagDryRunSchema,
  autoTagInputSchema,
  type CustomerJob,
  type CustomerJobDetail,
  type CustomerJobList,
  chosenTaggingSchema,
  JOB_COMMANDS,
  JOB_VIEW_PERMISSIONS,
  type TaggingDiff,
  taggingRequestSchema,
} from '@/contract/customer-jobs';
import type { Database } from '../../db/database';
import type { GatewayEnv, SecuredRoutes } from '../access';
import { recordRequestAudit } from '../audit';
import { NotFoundError } from '../errors';
import { parseBody } from '../request-input';
import { requestOrigin } from '../same-origin';
import type { ServiceConnection } from '../service-connection';
import { type KeyOpener, UpstreamClient } from '../upstream';
import { autoTagsOf } from './auto-tag-store';
import type { CustomerJobActions } from './customer-job-action';
import type { CustomerJobRunner } from './customer-job-runner';
import { CustomerJobService, type JobRequester } from './customer-jobs-service';
import type { SegmentMembers } from './segment-members';

/** What the customer jobs' routes work with (of GatewayDeps, which is built from this folder's entry). */
export interface CustomerJobDeps {
  db: Database;
  service: ServiceConnection;
  organisations: KeyOpener;
  customerJobActions: CustomerJobActions;
  customerJobs: Pick<CustomerJobRunner, 'poke'>;
  /** A saved segment and its members (the segments concern's entry). */
  segments: SegmentMembers;
}

const viewJobs = { anyOf: JOB_VIEW_PERMISSIONS } as const;
const manageSegments = { permission: 'segments:manage' } as const;

/** The `:id` of the path; text that cannot be an id names nothing (404 with `message`). */
function idParam(c: Context<GatewayEnv>, message: string): number {
  const text = c.req.param('id');
  if (!text || !/^\d{1,15}$/.test(text)) throw new NotFoundError(message);
  return Number(text);
}

function requesterOf(deps: CustomerJobDeps, c: Context<GatewayEnv>): JobRequester {
  const principal = c.get('principal');
  return {
    principal,
    upstream: () => UpstreamClient.forPerson(deps, principal, requestOrigin(c)),
    audit: (db, entry) => recordRequestAudit(db, c, entry),
  };
}

/**
 * The jobs (list, progress, steering: open to who may see the jobs page, each command checked against the job's
 * actions), tagging a segment and its auto tag (segments:manage; tags:write checked by the service as well).
 */
export function registerCustomerJobRoutes(routes: SecuredRoutes, deps: CustomerJobDeps): void {
  const service = new CustomerJobService(deps.db, deps.customerJobActions, deps.segments, () =>
    deps.customerJobs.poke(),
  );
  const requester = (c: Context<GatewayEnv>) => requesterOf(deps, c);

  routes.declare('GET', '/customer-jobs', viewJobs, async (c) => {
    return c.json({ jobs: await service.recent(requester(c)) } satisfies CustomerJobList);
  });

  routes.declare('POST', '/customer-jobs', { permission: 'tags:write' }, async (c) => {
    const request = await parseBody(c, chosenTaggingSchema);
    return c.json((await service.startChosenTagging(requester(c), request)) satisfies CustomerJob, 201);
  });

  routes.declare('GET', '/customer-jobs/:id', viewJobs, async (c) => {
    const detail = await service.detail(requester(c), idParam(c, 'No such job'));
    return c.json(detail satisfies CustomerJobDetail);
  });

  for (const command of JOB_COMMANDS) {
    routes.declare('POST', `/customer-jobs/:id/${command}`, viewJobs, async (c) => {
      const job = await service.command(requester(c), idParam(c, 'No such job'), command);
      return c.json(job satisfies CustomerJob);
    });
  }

  routes.declare('POST', '/segments/:id/tagging/dry-run', manageSegments, async (c) => {
    const segmentId = idParam(c, 'No such segment');
    const request = await parseBody(c, taggingRequestSchema);
    return c.json((await service.taggingDiff(requester(c), segmentId, request)) satisfies TaggingDiff);
  });

  routes.declare('POST', '/segments/:id/tagging', manageSegments, async (c) => {
    const segmentId = idParam(c, 'No such segment');
    const request = await parseBody(c, taggingRequestSchema);
    return c.json((await service.startTagging(requester(c), segmentId, request)) satisfies CustomerJob, 201);
  });

  // Open to whoever sets tags: the tag editor and the bulk change say which tags a segment keeps.
  routes.declare('GET', '/auto-tags', { permission: 'tags:write' }, async (c) => {
    const { organisationId } = c.get('principal');
    const named = await Promise.all(
      (await autoTagsOf(deps.db, organisationId)).map(async (autoTag) => {
        const segment = await deps.segments.findSegment(deps.db, organisationId, autoTag.segmentId);
        return segment ? [{ ...autoTag, segmentName: segment.name }] : [];
      }),
    );
    return c.json({ data: named.flat() } satisfies AutoTagsInUse);
  });

  routes.declare('GET', '/segments/:id/auto-tag', manageSegments, async (c) => {
    const segmentId = idParam(c, 'No such segment');
    return c.json((await service.autoTag(requester(c), segmentId)) satisfies AutoTagView);
  });

  routes.declare('POST', '/segments/:id/auto-tag/dry-run', manageSegments, async (c) => {
    const segmentId = idParam(c, 'No such segment');
    const { tag } = await parseBody(c, autoTagDryRunSchema);
    return c.json((await service.autoTagDiff(requester(c), segmentId, tag)) satisfies AutoTagDiff);
  });

  routes.declare('PUT', '/segments/:id/auto-tag', manageSegments, async (c) => {
    const segmentId = idParam(c, 'No such segment');
    const input = await parseBody(c, autoTagInputSchema);
    return c.json((await service.saveAutoTag(requester(c), segmentId, input)) satisfies AutoTagView);
  });

  routes.declare('DELETE', '/segments/:id/auto-tag', manageSegments, async (c) => {
    await service.removeAutoTag(requester(c), idParam(c, 'No such segment'));
    return c.body(null, 204);
  });
}

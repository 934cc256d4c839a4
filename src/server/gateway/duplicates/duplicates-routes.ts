import type { Context } from 'hono';
import {
  type DuplicateCompare,
  type DuplicateMergeResult,
  type DuplicateQueue,
  duplicateMergeSchema,
  duplicateQueueQuerySchema,
  likelyDuplicatesDraftSchema,
} from '@/contract/duplicates';
import type { LikelyDuplicates } from '@/contract/likely-duplicates';
import type { Database } from '../../db/database';
import type { GatewayEnv, SecuredRoutes } from '../access';
import { recordRequestAudit } from '../audit';
import { NotFoundError } from '../errors';
import { parseBody, parseQuery } from '../request-input';
import { requestOrigin } from '../same-origin';
import type { ServiceConnection } from '../service-connection';
import { visitorLanguage } from '../static-app';
import { type KeyOpener, UpstreamClient } from '../upstream';
import type { DuplicateScanner } from './duplicate-scanner';
import { type DuplicateCaller, DuplicateService } from './duplicates-service';

/** What the duplicates' routes work with (of GatewayDeps). */
interface DuplicateDeps {
  db: Database;
  service: ServiceConnection;
  organisations: KeyOpener;
  /** The background scan; "scan again" pokes it (absent: the request waits for its next tick). */
  duplicateScanner?: DuplicateScanner | undefined;
}

const review = { permission: 'duplicates:review' } as const;
/** Those who may create a customer (the forwarded POST /partner/customer): the form warns them first. */
const creators = { anyOf: ['customers:write', 'customers:lookup'] } as const;

/** A customer id of the path; text that cannot be one names no pair (404). */
function customerParam(c: Context<GatewayEnv>, name: 'a' | 'b'): number {
  const text = c.req.param(name);
  if (!text || !/^\d{1,15}$/.test(text)) throw new NotFoundError('No such pair of customers.');
  return Number(text);
}

function callerOf(deps: DuplicateDeps, c: Context<GatewayEnv>): DuplicateCaller {
  const principal = c.get('principal');
  return {
    principal,
    upstream: () => UpstreamClient.forPerson(deps, principal, requestOrigin(c)),
    audit: (tx, entry) => recordRequestAudit(tx, c, entry),
  };
}

/**
 * The review queue of likely duplicate customers (every route needs duplicates:review), and the warning of the
 * customer form before a customer is created (for those who may create one).
 */
export function registerDuplicateRoutes(routes: SecuredRoutes, deps: DuplicateDeps): void {
  const service = new DuplicateService(deps.db);
  const pairOf = (c: Context<GatewayEnv>) => [customerParam(c, 'a'), customerParam(c, 'b')] as const;

  routes.declare('GET', '/duplicates', review, async (c) => {
    const query = parseQuery(c, duplicateQueueQuerySchema);
    return c.json((await service.queue(c.get('principal').organisationId, query)) satisfies DuplicateQueue);
  });

  routes.declare('POST', '/customers/likely-duplicates', creators, async (c) => {
    const draft = await parseBody(c, likelyDuplicatesDraftSchema);
    return c.json(
      (await service.likelyDuplicates(c.get('principal').organisationId, draft)) satisfies LikelyDuplicates,
    );
  });

  routes.declare('POST', '/duplicates/scans', review, async (c) => {
    await service.requestFullScan(c.get('principal').organisationId);
    deps.duplicateScanner?.poke();
    return c.body(null, 202);
  });

  routes.declare('GET', '/duplicates/:a/:b', review, async (c) => {
    const [a, b] = pairOf(c);
    return c.json((await service.compare(callerOf(deps, c), a, b)) satisfies DuplicateCompare);
  });

  routes.declare('POST', '/duplicates/:a/:b/not-same', review, async (c) => {
    const [a, b] = pairOf(c);
    await service.markNotSame(callerOf(deps, c), a, b);
    return c.body(null, 204);
  });

  routes.declare('POST', '/duplicates/:a/:b/merge', review, async (c) => {
    const [a, b] = pairOf(c);
    const { keep } = await parseBody(c, duplicateMergeSchema);
    // The note on the record merged away is written in the app's language of the person merging.
    const merged = await service.merge(callerOf(deps, c), a, b, keep, visitorLanguage(c));
    return c.json(merged satisfies DuplicateMergeResult);
  });
}

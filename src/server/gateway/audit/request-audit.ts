import type { Context } from 'hono';
import type { Queryable } from '../../db/database';
import type { GatewayEnv } from '../access';
import type { Principal } from '../principal';
import { type AuditEntry, type AuditEntryInput, recordAudit } from './audit-trail';
import { actor } from './forward-audit';

/** What a route says of its own action; who did it and by which request come from the request itself. */
export type RequestAuditEntry = Omit<
  AuditEntryInput,
  'organisationId' | 'accountId' | 'person' | 'role' | 'method' | 'path'
>;

/**
 * Records what the signed-in person of `c` did by this request (pretix's `log_action`): the actor, the
 * method and the path are the request's, so no route restates its own. Written with `db` — the route's
 * transaction where the change is made, so the entry and the change commit together. `principal`: the
 * person, when the request has none yet (a sign-in).
 */
export function recordRequestAudit(
  db: Queryable,
  c: Context<GatewayEnv>,
  entry: RequestAuditEntry,
  principal: Principal = c.get('principal'),
): Promise<AuditEntry> {
  return recordAudit(db, { ...actor(principal), method: c.req.method, path: c.req.path, ...entry });
}

import type { Context } from 'hono';
import { type RoleScopeAnswer, roleScopeSchema } from '@/contract/role-scopes';
import type { Database } from '../../db/database';
import type { GatewayEnv, SecuredRoutes } from '../access';
import { recordRequestAudit } from '../audit';
import { parseBody } from '../request-input';
import { RoleScopeService, type ScopeCaller } from './scope-service';

const staffManagers = { permission: 'staff:manage' } as const;

/** The id in the path; null when malformed (it names nothing). */
const idParam = (c: Context) => {
  const text = c.req.param('id') ?? '';
  return /^\d{1,15}$/.test(text) ? Number(text) : null;
};

const callerOf = (c: Context<GatewayEnv>): ScopeCaller => ({
  organisationId: c.get('principal').organisationId,
  accountId: c.get('principal').accountId,
  permissions: c.get('principal').permissions,
  audit: (tx, entry) => recordRequestAudit(tx, c, entry),
});

/**
 * A role's scope, for those who manage staff (the rules: scope-service.ts): `GET` says it (null: every event),
 * `PUT` limits the role to productions and/or events, `DELETE` lifts the limit.
 */
export function registerRoleScopeRoutes(routes: SecuredRoutes, deps: { db: Database }): void {
  const scopes = new RoleScopeService(deps.db);
  routes.declare('GET', '/roles/:id/scope', staffManagers, async (c) =>
    c.json({ scope: await scopes.scopeOf(callerOf(c), idParam(c)) } satisfies RoleScopeAnswer),
  );
  routes.declare('PUT', '/roles/:id/scope', staffManagers, async (c) => {
    const scope = await parseBody(c, roleScopeSchema);
    return c.json({ scope: await scopes.setScope(callerOf(c), idParam(c), scope) } satisfies RoleScopeAnswer);
  });
  routes.declare('DELETE', '/roles/:id/scope', staffManagers, async (c) => {
    await scopes.setScope(callerOf(c), idParam(c), null);
    return c.body(null, 204);
  });
}

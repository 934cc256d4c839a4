import type { Context } from 'hono';
import { type RoleScopeAnswer, roleScopeSchema } from '@/contract/role-scopes';
import type { Database } from '../../db/database';
import type { GatewayEnv, SecuredRoutes } from '../access';
import { recordRequestAudit } from '../audit';
import { NotFoundError, ValidationError } from '../errors';
import { findRole, type StoredRole } from '../permissions';
import { parseBody } from '../request-input';
import { deleteRoleScope, readRoleScope, saveRoleScope } from './scope-store';

const staffManagers = { permission: 'staff:manage' } as const;

/** The role of the path's `:id` in the person's organisation, or 404. */
async function roleOf(db: Database, c: Context<GatewayEnv>): Promise<StoredRole> {
  const text = c.req.param('id') ?? '';
  const role = /^\d{1,15}$/.test(text) ? await findRole(db, c.get('principal').organisationId, Number(text)) : null;
  if (!role) throw new NotFoundError('No such role');
  return role;
}

/**
 * A role's scope, set by those who manage staff: `GET` says it (null: every event), `PUT` limits the role to
 * productions and/or events, `DELETE` lifts the limit. Each change is in the trail as a change of the role.
 * A role that manages staff or the connection is never scoped: those pages cover the whole organisation, and
 * a scoped administrator could lock everyone out of them.
 */
export function registerRoleScopeRoutes(routes: SecuredRoutes, deps: { db: Database }): void {
  const { db } = deps;
  routes.declare('GET', '/roles/:id/scope', staffManagers, async (c) => {
    const role = await roleOf(db, c);
    return c.json({
      scope: await readRoleScope(db, c.get('principal').organisationId, role.id),
    } satisfies RoleScopeAnswer);
  });

  routes.declare('PUT', '/roles/:id/scope', staffManagers, async (c) => {
    const role = await roleOf(db, c);
    const scope = await parseBody(c, roleScopeSchema);
    if (role.permissions.includes('staff:manage') || role.permissions.includes('connection:manage')) {
      throw ValidationError.field('productionIds', 'A role that manages staff or the connection sees every event');
    }
    const { organisationId } = c.get('principal');
    await db.transaction(async (tx) => {
      const old = await readRoleScope(tx, organisationId, role.id);
      await saveRoleScope(tx, organisationId, role.id, scope);
      await recordRequestAudit(tx, c, {
        action: 'role',
        status: 200,
        details: { change: 'scope', roleId: role.id, key: role.key, old, new: scope },
      });
    });
    return c.json({ scope: await readRoleScope(db, organisationId, role.id) } satisfies RoleScopeAnswer);
  });

  routes.declare('DELETE', '/roles/:id/scope', staffManagers, async (c) => {
    const role = await roleOf(db, c);
    const { organisationId } = c.get('principal');
    await db.transaction(async (tx) => {
      const old = await readRoleScope(tx, organisationId, role.id);
      if (!old) return;
      await deleteRoleScope(tx, organisationId, role.id);
      await recordRequestAudit(tx, c, {
        action: 'role',
        status: 200,
        details: { change: 'scope', roleId: role.id, key: role.key, old, new: null },
      });
    });
    return c.body(null, 204);
  });
}

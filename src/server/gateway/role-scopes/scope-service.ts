import type { RoleScope } from '@/contract/role-scopes';
import type { Database, Queryable } from '../../db/database';
import type { RequestAuditEntry } from '../audit';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { findRole, type Permission, type StoredRole, staffActionRefusal } from '../permissions';
import { deleteRoleScope, readRoleScope, saveRoleScope } from './scope-store';

/** The person asking: their organisation, who they are and what they hold, and their request's audit entry. */
export interface ScopeCaller {
  organisationId: number;
  accountId: number;
  permissions: readonly Permission[];
  audit(tx: Queryable, entry: RequestAuditEntry): Promise<unknown>;
}

/**
 * The rules of a role's scope: the role must be the organisation's; a role that manages staff or the
 * connection is never scoped (those pages cover the whole organisation, and a scoped administrator could lock
 * everyone out of them); a scope is set or lifted only by someone who could edit the role itself (all its
 * permissions their own: lifting a promoter's scope hands out every event, as a role change would); every change is in the trail as a change of the role, with what it replaced.
 */
export class RoleScopeService {
  constructor(private readonly db: Database) {}

  async #role(caller: ScopeCaller, roleId: number | null): Promise<StoredRole> {
    const role = roleId === null ? null : await findRole(this.db, caller.organisationId, roleId);
    if (!role) throw new NotFoundError('No such role');
    return role;
  }

  async scopeOf(caller: ScopeCaller, roleId: number | null): Promise<RoleScope | null> {
    const role = await this.#role(caller, roleId);
    return readRoleScope(this.db, caller.organisationId, role.id);
  }

  /** Sets the role's scope (null: lifts it); the scope as stored. */
  async setScope(caller: ScopeCaller, roleId: number | null, scope: RoleScope | null): Promise<RoleScope | null> {
    const role = await this.#role(caller, roleId);
    const refused = staffActionRefusal(caller, {
      kind: 'edit role',
      role: role.permissions,
      permissions: role.permissions,
    });
    if (refused) throw new ForbiddenError(refused);
    if (scope && (role.permissions.includes('staff:manage') || role.permissions.includes('connection:manage'))) {
      throw ValidationError.field('productionIds', 'A role that manages staff or the connection sees every event');
    }
    const { organisationId } = caller;
    await this.db.transaction(async (tx) => {
      const old = await readRoleScope(tx, organisationId, role.id);
      if (!old && !scope) return;
      if (scope) await saveRoleScope(tx, organisationId, role.id, scope);
      else await deleteRoleScope(tx, organisationId, role.id);
      await caller.audit(tx, {
        action: 'role',
        status: 200,
        details: { change: 'scope', roleId: role.id, key: role.key, old, new: scope },
      });
    });
    return readRoleScope(this.db, organisationId, role.id);
  }
}

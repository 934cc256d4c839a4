/*
 * What a holder of staff:manage may do to people and roles. staff:manage administers staff, but never beyond
 * the permissions the actor holds: otherwise it would be every permission (a reset link for an administrator,
 * a role with audit:read for oneself). The rule:
 * - a role is created, edited, deleted or handed out (invitation, role change) only when all its permissions,
 *   before and after, are the actor's own;
 * - any action on another person's account (reset link, disable, enable, rename, role change) only when their
 *   role's permissions are all the actor's own;
 * - nobody changes their own role;
 * - single sign-on is set up only by someone who holds every permission: its provider vouches for any email of
 *   the organisation, so whoever chooses it can sign in as any person, administrators included.
 * Pure: the routes read the actor, the target and the roles, ask here, and answer 403 with the message.
 */
import { PERMISSIONS, type Permission } from './permissions';

interface Actor {
  accountId: number;
  permissions: readonly Permission[];
}

export interface TargetAccount {
  accountId: number;
  roleId: number;
  permissions: readonly Permission[];
}

type StaffAction =
  | { kind: 'invite'; role: readonly Permission[] }
  | { kind: 'create role'; permissions: readonly Permission[] }
  | { kind: 'edit role'; role: readonly Permission[]; permissions: readonly Permission[] }
  | { kind: 'delete role'; role: readonly Permission[] }
  | { kind: 'issue reset link'; target: TargetAccount }
  | { kind: 'change account'; target: TargetAccount; newRole?: { id: number; permissions: readonly Permission[] } }
  | { kind: 'configure single sign-on' };

/** The permissions of `permissions` that `actor` does not hold; empty when they are all theirs. */
function beyondReach(actor: Actor, permissions: readonly Permission[]): Permission[] {
  return permissions.filter((permission) => !actor.permissions.includes(permission));
}

const listed = (permissions: readonly Permission[]) => permissions.join(', ');

/** Why `actor` may not do `action`, as the 403 says it; null when they may. */
export function staffActionRefusal(actor: Actor, action: StaffAction): string | null {
  switch (action.kind) {
    case 'invite':
      return roleRefusal(actor, action.role, 'invite someone with');
    case 'create role':
      return grantRefusal(actor, action.permissions);
    case 'edit role':
      return existingRoleRefusal(actor, action.role, 'change') ?? grantRefusal(actor, action.permissions);
    case 'delete role':
      return existingRoleRefusal(actor, action.role, 'delete');
    case 'issue reset link':
      return accountRefusal(actor, action.target);
    case 'change account': {
      const { target, newRole } = action;
      if (target.accountId === actor.accountId && newRole && newRole.id !== target.roleId) {
        return 'You cannot change your own role. Ask another person who manages staff.';
      }
      return accountRefusal(actor, target) ?? (newRole ? roleRefusal(actor, newRole.permissions, 'give') : null);
    }
    case 'configure single sign-on': {
      const missing = beyondReach(actor, PERMISSIONS);
      return missing.length === 0
        ? null
        : `Single sign-on lets its provider sign anyone in, administrators included: only someone who holds every permission may set it up; you do not hold ${listed(missing)}.`;
    }
  }
}

function roleRefusal(actor: Actor, role: readonly Permission[], verb: string): string | null {
  const missing = beyondReach(actor, role);
  return missing.length === 0
    ? null
    : `You can only ${verb} a role whose permissions you hold yourself; this one also has ${listed(missing)}.`;
}

function grantRefusal(actor: Actor, permissions: readonly Permission[]): string | null {
  const missing = beyondReach(actor, permissions);
  return missing.length === 0
    ? null
    : `You can only give a role permissions you hold yourself, not ${listed(missing)}.`;
}

function existingRoleRefusal(actor: Actor, role: readonly Permission[], verb: string): string | null {
  const missing = beyondReach(actor, role);
  return missing.length === 0
    ? null
    : `This role has permissions you do not hold (${listed(missing)}): only someone who holds them all may ${verb} it.`;
}

function accountRefusal(actor: Actor, target: TargetAccount): string | null {
  if (target.accountId === actor.accountId) return null;
  const missing = beyondReach(actor, target.permissions);
  return missing.length === 0
    ? null
    : `This person's role has permissions you do not hold (${listed(missing)}): only someone who holds them all may change their account.`;
}

import type { InvitationAnswer, IssuedLink, StaffMember } from '@/contract/people';
import type { RolesAnswer } from '@/contract/roles';
import type { Database, Queryable } from '../../db/database';
import type { RequestAuditEntry } from '../audit';
import {
  type AuditedAccount,
  auditedAccount,
  createAccount,
  emailInOrganisation,
  findStaffAccount,
  issueToken,
  linkUrl,
  listStaff,
  roleInUse,
  roleMembers,
  type SessionStore,
  staffManagersLeft,
  updateAccount,
} from '../auth';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import {
  deleteRole,
  findRole,
  insertRole,
  listRoles,
  PERMISSION_DESCRIPTIONS,
  PERMISSIONS,
  type RoleFields,
  roleNameOrKeyTaken,
  roleNameTakenByAnother,
  type StoredRole,
  staffActionRefusal,
  updateRole,
} from '../permissions';
import type { Principal } from '../principal';

/** A role with how many enabled people hold it, as the staff pages show it. */
type RoleWithMembers = StoredRole & { members: number };

/** The person asking, and what their request brings: the origin its links are made for, and its audit entry. */
export interface StaffCaller {
  principal: Principal;
  /** The origin the request came to: the links it issues open there. */
  origin: string;
  /** Records what this request did, in `tx` (the transaction of the change). */
  audit(tx: Queryable, entry: RequestAuditEntry): Promise<unknown>;
}

export interface Invitation {
  email: string;
  name: string;
  roleId: number;
}

export interface AccountChange {
  roleId?: number;
  disabled?: boolean;
  name?: string;
}

const lastStaffManager = (field: string) =>
  ValidationError.field(field, 'The organisation needs at least one person who can manage staff');

const roleNameTaken = () => ValidationError.field('name', 'A role with this name exists');

/** The refusal of a staff action the person may not take (permissions/delegation.ts), thrown as a 403. */
function refuse(refusal: string | null): void {
  if (refusal) throw new ForbiddenError(refusal);
}

/** The key of a custom role, made of its name. */
const customRoleKey = (name: string) =>
  `custom-${
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'role'
  }`;

/** What the trail keeps of a role: its name, permissions and sign-in rules. */
const roleDetails = (role: RoleFields) => ({
  name: role.name,
  permissions: [...role.permissions],
  requireTotp: role.requireTotp,
  idleMinutes: role.idleMinutes,
  absoluteMinutes: role.absoluteMinutes,
});

type ChangedFields = Record<string, { old: string | boolean | null; new: string | boolean | null }>;

/** What a change did to the account, field by field: only what differs afterwards. */
function changedFields(was: AuditedAccount | null, now: AuditedAccount | null): ChangedFields {
  const changes: ChangedFields = {};
  if (was && now) {
    if (was.name !== now.name) changes.name = { old: was.name, new: now.name };
    if (was.roleKey !== now.roleKey) changes.role = { old: was.roleKey, new: now.roleKey };
    if (was.disabled !== now.disabled) changes.disabled = { old: was.disabled, new: now.disabled };
  }
  return changes;
}

/**
 * The administration of an organisation: its staff (invite, change role, disable, issue a reset link) and its
 * roles (presets and custom ones made of permissions). Who may do what is permissions/delegation.ts's rule;
 * what this adds is the organisation's own: someone must still be able to manage staff afterwards.
 */
export class StaffService {
  constructor(
    private readonly db: Database,
    private readonly sessions: SessionStore,
  ) {}

  /** Roles as the staff pages show them: with how many enabled people hold each (auth counts the accounts). */
  private async withMembers(roles: StoredRole[]): Promise<RoleWithMembers[]> {
    const members = await roleMembers(
      this.db,
      roles.map((role) => role.id),
    );
    return roles.map((role) => ({ ...role, members: members.get(role.id) ?? 0 }));
  }

  /** One role of the organisation with its members; null when there is none. */
  private async role(organisationId: number, roleId: number): Promise<RoleWithMembers | null> {
    const role = await findRole(this.db, organisationId, roleId);
    return role ? ((await this.withMembers([role]))[0] ?? null) : null;
  }

  people(caller: StaffCaller): Promise<StaffMember[]> {
    return listStaff(this.db, caller.principal.organisationId);
  }

  async invite(caller: StaffCaller, invitation: Invitation): Promise<InvitationAnswer> {
    const { principal } = caller;
    const role = await findRole(this.db, principal.organisationId, invitation.roleId);
    if (!role) throw ValidationError.field('roleId', 'Choose one of the roles');
    refuse(staffActionRefusal(principal, { kind: 'invite', role: role.permissions }));
    // Only this organisation's people are looked at: an address with an account elsewhere is invited like a new
    // one (answering otherwise would tell who works where), and its acceptance is refused (auth/person-links.ts).
    if (await emailInOrganisation(this.db, principal.organisationId, invitation.email)) {
      throw ValidationError.field('email', 'Someone already has an account with this email address');
    }
    return this.db.transaction(async (tx) => {
      const accountId = await createAccount(tx, {
        organisationId: principal.organisationId,
        email: invitation.email,
        displayName: invitation.name,
        roleId: role.id,
      });
      const issued = await issueToken(tx, 'invite', { accountId, createdBy: principal.accountId });
      await caller.audit(tx, {
        action: 'staff',
        status: 201,
        details: { change: 'invited', accountId, email: invitation.email, name: invitation.name, role: role.key },
      });
      return { id: accountId, link: linkUrl(caller.origin, 'invite', issued.token), expiresAt: issued.expiresAt };
    });
  }

  async changeAccount(caller: StaffCaller, accountId: number, change: AccountChange): Promise<void> {
    const { principal } = caller;
    // Decided in the transaction that makes the change, on the account and its role locked there: a promotion
    // committed meanwhile cannot slip between the check and the change.
    await this.db.transaction(async (tx) => {
      const target = await findStaffAccount(tx, principal.organisationId, accountId, { lock: true });
      if (!target) throw new NotFoundError('No such account');
      const newRole = change.roleId === undefined ? null : await findRole(tx, principal.organisationId, change.roleId);
      if (change.roleId !== undefined && !newRole) throw ValidationError.field('roleId', 'Choose one of the roles');
      refuse(staffActionRefusal(principal, { kind: 'change account', target, newRole: newRole ?? undefined }));
      if (
        newRole &&
        !newRole.permissions.includes('staff:manage') &&
        (await staffManagersLeft(tx, principal.organisationId, { accountId })) === 0
      ) {
        throw lastStaffManager('roleId');
      }
      if (change.disabled === true) {
        if (accountId === principal.accountId) {
          throw ValidationError.field('disabled', 'You cannot disable your own account');
        }
        if ((await staffManagersLeft(tx, principal.organisationId, { accountId })) === 0) {
          throw lastStaffManager('disabled');
        }
      }
      const was = await auditedAccount(tx, accountId, { lock: true });
      await updateAccount(tx, accountId, change);
      const now = await auditedAccount(tx, accountId);
      await caller.audit(tx, {
        action: 'staff',
        status: 204,
        details: { change: 'changed', accountId, email: was?.email ?? null, changes: changedFields(was, now) },
      });
    });
    // Disabled: every session of the person ends now, on every instance (the next request finds none).
    if (change.disabled === true) await this.sessions.endAll(accountId);
  }

  issueResetLink(caller: StaffCaller, accountId: number): Promise<IssuedLink> {
    const { principal } = caller;
    // As for a change: decided on the account and its role locked in the transaction that issues the link.
    return this.db.transaction(async (tx) => {
      const account = await findStaffAccount(tx, principal.organisationId, accountId, { lock: true });
      if (!account) throw new NotFoundError('No such account');
      refuse(staffActionRefusal(principal, { kind: 'issue reset link', target: account }));
      if (account.disabled) throw new ConflictError('Enable the account first.');
      // Someone who never set a password gets a fresh invitation instead of a reset.
      const kind = account.passwordSet ? 'reset' : 'invite';
      const token = await issueToken(tx, kind, { accountId, createdBy: principal.accountId });
      await caller.audit(tx, {
        action: 'staff',
        status: 201,
        details: { change: kind === 'reset' ? 'reset link issued' : 'invitation issued again', accountId },
      });
      return { link: linkUrl(caller.origin, kind, token.token), expiresAt: token.expiresAt, kind };
    });
  }

  async roles(caller: StaffCaller): Promise<RolesAnswer> {
    return {
      roles: await this.withMembers(await listRoles(this.db, caller.principal.organisationId)),
      permissions: PERMISSIONS.map((key) => ({ key, description: PERMISSION_DESCRIPTIONS[key] })),
    };
  }

  async createRole(caller: StaffCaller, role: RoleFields): Promise<RoleWithMembers | null> {
    const { principal } = caller;
    refuse(staffActionRefusal(principal, { kind: 'create role', permissions: role.permissions }));
    const key = customRoleKey(role.name);
    if (await roleNameOrKeyTaken(this.db, principal.organisationId, role.name, key)) throw roleNameTaken();
    const roleId = await this.db.transaction(async (tx) => {
      const id = await insertRole(tx, principal.organisationId, key, role);
      await caller.audit(tx, {
        action: 'role',
        status: 201,
        details: { change: 'created', roleId: id, key, ...roleDetails(role) },
      });
      return id;
    });
    return this.role(principal.organisationId, roleId);
  }

  /**
   * Changes a role with what `readRole` gives: read once the role is known to exist, so that a role that does
   * not exist answers 404 whatever is sent.
   */
  async editRole(
    caller: StaffCaller,
    roleId: number | null,
    readRole: () => Promise<RoleFields>,
  ): Promise<RoleWithMembers | null> {
    const { principal } = caller;
    const existing = roleId === null ? null : await this.role(principal.organisationId, roleId);
    if (!existing || roleId === null) throw new NotFoundError('No such role');
    const role = await readRole();
    // A preset keeps its name and permissions (they are what the documentation and the tests rely on); its
    // sign-in rules (TOTP, session limits) are the organisation's to set.
    const permissions = existing.preset ? existing.permissions : role.permissions;
    const name = existing.preset ? existing.name : role.name;
    refuse(staffActionRefusal(principal, { kind: 'edit role', role: existing.permissions, permissions }));
    // Renamed to another role's name: said on the field, as at creation (the unique index would answer 500).
    if (await roleNameTakenByAnother(this.db, principal.organisationId, name, roleId)) throw roleNameTaken();
    if (
      !permissions.includes('staff:manage') &&
      existing.permissions.includes('staff:manage') &&
      existing.members > 0 &&
      (await staffManagersLeft(this.db, principal.organisationId, { roleId })) === 0
    ) {
      throw lastStaffManager('permissions');
    }
    const changed = { ...role, name, permissions };
    await this.db.transaction(async (tx) => {
      await updateRole(tx, roleId, changed);
      await caller.audit(tx, {
        action: 'role',
        status: 200,
        details: {
          change: 'changed',
          roleId,
          key: existing.key,
          old: roleDetails(existing),
          new: roleDetails(changed),
        },
      });
    });
    return this.role(principal.organisationId, roleId);
  }

  async deleteRole(caller: StaffCaller, roleId: number | null): Promise<void> {
    const { principal } = caller;
    const existing = roleId === null ? null : await findRole(this.db, principal.organisationId, roleId);
    if (!existing || roleId === null) throw new NotFoundError('No such role');
    refuse(staffActionRefusal(principal, { kind: 'delete role', role: existing.permissions }));
    if (existing.preset) throw new ConflictError('A preset role cannot be deleted.');
    if (await roleInUse(this.db, roleId)) throw new ConflictError('Give its members another role first.');
    await this.db.transaction(async (tx) => {
      await deleteRole(tx, roleId);
      await caller.audit(tx, {
        action: 'role',
        status: 204,
        details: { change: 'deleted', roleId, key: existing.key, ...roleDetails(existing) },
      });
    });
  }
}

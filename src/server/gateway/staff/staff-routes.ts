import { z } from 'zod';
import type { InvitationAnswer, IssuedLink, StaffMember } from '@/contract/people';
import type { Role, RolesAnswer } from '@/contract/roles';
import type { GatewayDeps, SecuredRoutes } from '../access';
import { recordRequestAudit } from '../audit/request-audit';
import { createAccount } from '../auth/accounts';
import { linkUrl } from '../auth/link-routes';
import { issueToken } from '../auth/one-time-tokens';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { staffActionRefusal } from '../permissions/delegation';
import { isPermission, PERMISSION_DESCRIPTIONS, PERMISSIONS } from '../permissions/permissions';
import { findRole, listRoles } from '../permissions/roles';
import { parseBody } from '../request-input';
import { requestOrigin } from '../same-origin';
import { emailInOrganisation, findStaffAccount, staffManagersLeft } from './staff-store';

const staff = { permission: 'staff:manage' } as const;

const idParam = (value: string) => (/^\d{1,15}$/.test(value) ? Number(value) : null);

const lastStaffManager = (field: string) =>
  ValidationError.field(field, 'The organisation needs at least one person who can manage staff');

/** The refusal of a staff action the person may not take (permissions/delegation.ts), thrown as a 403. */
function refuse(refusal: string | null): void {
  if (refusal) throw new ForbiddenError(refusal);
}

/** A NUL character cannot be stored in a text column: refused on its field, as any other bad name. */
const withoutNul = (text: z.ZodString) => text.refine((value) => !value.includes('\u0000'), 'Remove the NUL character');

const personName = withoutNul(z.string().trim().min(1, 'Enter the name').max(200, 'At most 200 characters'));

const inviteSchema = z.object({
  email: z.email('Enter a valid email address').max(320),
  name: personName,
  roleId: z.number().int().positive(),
});

const accountChangeSchema = z.object({
  roleId: z.number().int().positive().optional(),
  disabled: z.boolean().optional(),
  name: personName.optional(),
});

const roleSchema = z.object({
  name: withoutNul(z.string().trim().min(1, 'Enter a name').max(60, 'At most 60 characters')),
  permissions: z.array(z.string().refine(isPermission, 'Unknown permission')).max(PERMISSIONS.length),
  requireTotp: z.boolean().default(false),
  idleMinutes: z.number().int().min(5).max(1440).nullable().default(null),
  absoluteMinutes: z.number().int().min(15).max(10080).nullable().default(null),
});

interface StaffRow {
  id: string;
  email: string;
  display_name: string;
  role_id: string;
  role_key: string;
  role_name: string;
  disabled: boolean;
  password_set: boolean;
  passkeys: number;
  totp_enabled: boolean;
  last_seen_at: Date | null;
  pending_link_expires_at: Date | null;
  created_at: Date;
}

/**
 * The administration of an organisation: its staff (invite, change role, disable, issue a reset link) and its
 * roles (presets and custom ones made of permissions); its connection is connection/connection-routes.ts.
 */
export function registerStaffRoutes(routes: SecuredRoutes, deps: GatewayDeps): void {
  const { db, sessions } = deps;

  routes.declare('GET', '/staff', staff, async (c) => {
    const { rows } = await db.query<StaffRow>(
      `select a.id, a.email, a.display_name, a.role_id, r.key as role_key, r.name as role_name, a.disabled_at is not null as disabled,
              a.password_hash is not null as password_set,
              (select count(*)::int from gateway.passkeys p where p.account_id = a.id) as passkeys,
              a.totp_enabled_at is not null as totp_enabled,
              (select max(s.last_seen_at) from gateway.sessions s where s.account_id = a.id) as last_seen_at,
              (select max(t.expires_at) from gateway.one_time_tokens t
                where t.account_id = a.id and t.kind in ('invite', 'reset') and t.used_at is null and t.expires_at > now())
                as pending_link_expires_at,
              a.created_at
         from gateway.accounts a join gateway.roles r on r.id = a.role_id
        where a.organisation_id = $1
        order by a.disabled_at is not null, lower(a.display_name)`,
      [c.get('principal').organisationId],
    );
    return c.json(
      rows.map(
        (row): StaffMember => ({
          id: Number(row.id),
          email: row.email,
          name: row.display_name,
          role: { id: Number(row.role_id), key: row.role_key, name: row.role_name },
          disabled: row.disabled,
          passwordSet: row.password_set,
          passkeys: row.passkeys,
          totpEnabled: row.totp_enabled,
          lastSeenAt: row.last_seen_at ? new Date(row.last_seen_at).toISOString() : null,
          pendingLinkExpiresAt: row.pending_link_expires_at
            ? new Date(row.pending_link_expires_at).toISOString()
            : null,
          createdAt: new Date(row.created_at).toISOString(),
        }),
      ),
    );
  });

  routes.declare('POST', '/staff/invitations', staff, async (c) => {
    const principal = c.get('principal');
    const invitation = await parseBody(c, inviteSchema);
    const role = await findRole(db, principal.organisationId, invitation.roleId);
    if (!role) throw ValidationError.field('roleId', 'Choose one of the roles');
    refuse(staffActionRefusal(principal, { kind: 'invite', role: role.permissions }));
    // Only this organisation's people are looked at: an address with an account elsewhere is invited like a new
    // one (answering otherwise would tell who works where), and its acceptance is refused (auth/link-routes.ts).
    if (await emailInOrganisation(db, principal.organisationId, invitation.email)) {
      throw ValidationError.field('email', 'Someone already has an account with this email address');
    }
    const invited = await db.transaction(async (tx) => {
      const accountId = await createAccount(tx, {
        organisationId: principal.organisationId,
        email: invitation.email,
        displayName: invitation.name,
        roleId: role.id,
      });
      const issued = await issueToken(tx, 'invite', { accountId, createdBy: principal.accountId });
      await recordRequestAudit(tx, c, {
        action: 'staff',
        status: 201,
        details: { change: 'invited', accountId, email: invitation.email, name: invitation.name, role: role.key },
      });
      return { accountId, ...issued };
    });
    return c.json(
      {
        id: invited.accountId,
        link: linkUrl(requestOrigin(c), 'invite', invited.token),
        expiresAt: invited.expiresAt,
      } satisfies InvitationAnswer,
      201,
    );
  });

  routes.declare('PATCH', '/staff/:id', staff, async (c) => {
    const principal = c.get('principal');
    const accountId = idParam(c.req.param('id') ?? '');
    const change = await parseBody(c, accountChangeSchema);
    if (accountId === null) throw new NotFoundError('No such account');
    // Decided in the transaction that makes the change, on the account and its role locked there: a promotion
    // committed meanwhile cannot slip between the check and the change.
    await db.transaction(async (tx) => {
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
      const before = await tx.query<{ email: string; display_name: string; role_key: string; disabled: boolean }>(
        `select a.email, a.display_name, r.key as role_key, a.disabled_at is not null as disabled
           from gateway.accounts a join gateway.roles r on r.id = a.role_id where a.id = $1 for update of a`,
        [accountId],
      );
      await tx.query(
        `update gateway.accounts set
           role_id = coalesce($2, role_id),
           display_name = coalesce($3, display_name),
           disabled_at = case when $4::boolean is null then disabled_at when $4 then coalesce(disabled_at, now()) else null end,
           updated_at = now()
         where id = $1`,
        [accountId, change.roleId ?? null, change.name ?? null, change.disabled ?? null],
      );
      const after = await tx.query<{ display_name: string; role_key: string; disabled: boolean }>(
        `select a.display_name, r.key as role_key, a.disabled_at is not null as disabled
           from gateway.accounts a join gateway.roles r on r.id = a.role_id where a.id = $1`,
        [accountId],
      );
      const was = before.rows[0];
      const now = after.rows[0];
      const changes: Record<string, { old: string | boolean | null; new: string | boolean | null }> = {};
      if (was && now) {
        if (was.display_name !== now.display_name) changes.name = { old: was.display_name, new: now.display_name };
        if (was.role_key !== now.role_key) changes.role = { old: was.role_key, new: now.role_key };
        if (was.disabled !== now.disabled) changes.disabled = { old: was.disabled, new: now.disabled };
      }
      await recordRequestAudit(tx, c, {
        action: 'staff',
        status: 204,
        details: { change: 'changed', accountId, email: was?.email ?? null, changes },
      });
    });
    // Disabled: every session of the person ends now, on every instance (the next request finds none).
    if (change.disabled === true) await sessions.endAll(accountId);
    return c.body(null, 204);
  });

  routes.declare('POST', '/staff/:id/reset-link', staff, async (c) => {
    const principal = c.get('principal');
    const accountId = idParam(c.req.param('id') ?? '');
    if (accountId === null) throw new NotFoundError('No such account');
    // As for a change: decided on the account and its role locked in the transaction that issues the link.
    return db.transaction(async (tx) => {
      const account = await findStaffAccount(tx, principal.organisationId, accountId, { lock: true });
      if (!account) throw new NotFoundError('No such account');
      refuse(staffActionRefusal(principal, { kind: 'issue reset link', target: account }));
      if (account.disabled) throw new ConflictError('Enable the account first.');
      // Someone who never set a password gets a fresh invitation instead of a reset.
      const kind = account.passwordSet ? 'reset' : 'invite';
      const token = await issueToken(tx, kind, { accountId, createdBy: principal.accountId });
      await recordRequestAudit(tx, c, {
        action: 'staff',
        status: 201,
        details: { change: kind === 'reset' ? 'reset link issued' : 'invitation issued again', accountId },
      });
      return c.json(
        { link: linkUrl(requestOrigin(c), kind, token.token), expiresAt: token.expiresAt, kind } satisfies IssuedLink,
        201,
      );
    });
  });

  routes.declare('GET', '/roles', staff, async (c) => {
    const roles = await listRoles(db, c.get('principal').organisationId);
    return c.json({
      roles,
      permissions: PERMISSIONS.map((key) => ({ key, description: PERMISSION_DESCRIPTIONS[key] })),
    } satisfies RolesAnswer);
  });

  routes.declare('POST', '/roles', staff, async (c) => {
    const principal = c.get('principal');
    const role = await parseBody(c, roleSchema);
    refuse(staffActionRefusal(principal, { kind: 'create role', permissions: role.permissions }));
    const key = `custom-${
      role.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')
        .slice(0, 40) || 'role'
    }`;
    const clash = await db.query(
      'select 1 from gateway.roles where organisation_id = $1 and (lower(name) = lower($2) or key = $3)',
      [principal.organisationId, role.name, key],
    );
    if (clash.rows.length > 0) throw ValidationError.field('name', 'A role with this name exists');
    const roleId = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `insert into gateway.roles (organisation_id, key, name, permissions, require_totp, idle_minutes, absolute_minutes)
         values ($1, $2, $3, $4, $5, $6, $7) returning id`,
        [
          principal.organisationId,
          key,
          role.name,
          role.permissions,
          role.requireTotp,
          role.idleMinutes,
          role.absoluteMinutes,
        ],
      );
      const id = Number(rows[0]?.id);
      await recordRequestAudit(tx, c, {
        action: 'role',
        status: 201,
        details: { change: 'created', roleId: id, key, ...roleDetails(role) },
      });
      return id;
    });
    return c.json((await findRole(db, principal.organisationId, roleId)) satisfies Role | null, 201);
  });

  routes.declare('PUT', '/roles/:id', staff, async (c) => {
    const principal = c.get('principal');
    const roleId = idParam(c.req.param('id') ?? '');
    const existing = roleId === null ? null : await findRole(db, principal.organisationId, roleId);
    if (!existing || roleId === null) throw new NotFoundError('No such role');
    const role = await parseBody(c, roleSchema);
    // A preset keeps its name and permissions (they are what the documentation and the tests rely on); its
    // sign-in rules (TOTP, session limits) are the organisation's to set.
    const permissions = existing.preset ? existing.permissions : role.permissions;
    const name = existing.preset ? existing.name : role.name;
    refuse(staffActionRefusal(principal, { kind: 'edit role', role: existing.permissions, permissions }));
    // Renamed to another role's name: said on the field, as at creation (the unique index would answer 500).
    const clash = await db.query(
      'select 1 from gateway.roles where organisation_id = $1 and lower(name) = lower($2) and id <> $3',
      [principal.organisationId, name, roleId],
    );
    if (clash.rows.length > 0) throw ValidationError.field('name', 'A role with this name exists');
    if (
      !permissions.includes('staff:manage') &&
      existing.permissions.includes('staff:manage') &&
      existing.members > 0 &&
      (await staffManagersLeft(db, principal.organisationId, { roleId })) === 0
    ) {
      throw lastStaffManager('permissions');
    }
    await db.transaction(async (tx) => {
      await tx.query(
        `update gateway.roles set name = $2, permissions = $3, require_totp = $4, idle_minutes = $5, absolute_minutes = $6 where id = $1`,
        [roleId, name, permissions, role.requireTotp, role.idleMinutes, role.absoluteMinutes],
      );
      await recordRequestAudit(tx, c, {
        action: 'role',
        status: 200,
        details: {
          change: 'changed',
          roleId,
          key: existing.key,
          old: roleDetails(existing),
          new: roleDetails({ ...role, name, permissions }),
        },
      });
    });
    return c.json((await findRole(db, principal.organisationId, roleId)) satisfies Role | null, 200);
  });

  routes.declare('DELETE', '/roles/:id', staff, async (c) => {
    const principal = c.get('principal');
    const roleId = idParam(c.req.param('id') ?? '');
    const existing = roleId === null ? null : await findRole(db, principal.organisationId, roleId);
    if (!existing) throw new NotFoundError('No such role');
    refuse(staffActionRefusal(principal, { kind: 'delete role', role: existing.permissions }));
    if (existing.preset) throw new ConflictError('A preset role cannot be deleted.');
    const used = await db.query('select 1 from gateway.accounts where role_id = $1 limit 1', [roleId]);
    if (used.rows.length > 0) throw new ConflictError('Give its members another role first.');
    await db.transaction(async (tx) => {
      await tx.query('delete from gateway.roles where id = $1', [roleId]);
      await recordRequestAudit(tx, c, {
        action: 'role',
        status: 204,
        details: { change: 'deleted', roleId, key: existing.key, ...roleDetails(existing) },
      });
    });
    return c.body(null, 204);
  });
}

/** What the trail keeps of a role: its name, permissions and sign-in rules. */
function roleDetails(role: {
  name: string;
  permissions: readonly string[];
  requireTotp: boolean;
  idleMinutes: number | null;
  absoluteMinutes: number | null;
}) {
  return {
    name: role.name,
    permissions: [...role.permissions],
    requireTotp: role.requireTotp,
    idleMinutes: role.idleMinutes,
    absoluteMinutes: role.absoluteMinutes,
  };
}

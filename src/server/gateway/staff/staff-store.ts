import type { StaffMember } from '@/contract/people';
import type { Queryable } from '../../db/database';
import type { TargetAccount } from '../permissions/delegation';
import { isPermission, type Permission } from '../permissions/permissions';

interface StaffAccount extends TargetAccount {
  disabled: boolean;
  passwordSet: boolean;
}

/**
 * An account of the organisation with its role's permissions; null when the organisation has no such account.
 * `lock`: the account and its role stay as read until the transaction ends (what is decided on them holds).
 */
export async function findStaffAccount(
  db: Queryable,
  organisationId: number,
  accountId: number,
  options: { lock?: boolean } = {},
): Promise<StaffAccount | null> {
  const { rows } = await db.query<{
    role_id: string;
    permissions: string[];
    disabled: boolean;
    password_set: boolean;
  }>(
    `select a.role_id, r.permissions, a.disabled_at is not null as disabled, a.password_hash is not null as password_set
       from gateway.accounts a join gateway.roles r on r.id = a.role_id
      where a.id = $1 and a.organisation_id = $2${options.lock ? ' for update of a for share of r' : ''}`,
    [accountId, organisationId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    accountId,
    roleId: Number(row.role_id),
    permissions: row.permissions.filter(isPermission),
    disabled: row.disabled,
    passwordSet: row.password_set,
  };
}

/**
 * How many people of the organisation can still manage staff without the given account or role: only accounts
 * that can sign in count (enabled, and invitation accepted), since an invitation never accepted manages nothing.
 */
export async function staffManagersLeft(
  db: Queryable,
  organisationId: number,
  without: { accountId?: number; roleId?: number },
): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from gateway.accounts a join gateway.roles r on r.id = a.role_id
      where a.organisation_id = $1 and a.id is distinct from $2 and r.id is distinct from $3
        and a.disabled_at is null and a.accepted_at is not null and 'staff:manage' = any(r.permissions)`,
    [organisationId, without.accountId ?? null, without.roleId ?? null],
  );
  return rows[0]?.n ?? 0;
}

/** Whether the organisation has an account (or invitation) with this email, in any case. */
export async function emailInOrganisation(db: Queryable, organisationId: number, email: string): Promise<boolean> {
  const { rows } = await db.query(
    'select 1 from gateway.accounts where organisation_id = $1 and lower(email) = lower($2)',
    [organisationId, email],
  );
  return rows.length > 0;
}

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

const isoOrNull = (at: Date | null) => (at ? new Date(at).toISOString() : null);

/** The organisation's people, the enabled ones first, by name; with how each signs in and any link pending. */
export async function listStaff(db: Queryable, organisationId: number): Promise<StaffMember[]> {
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
    [organisationId],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    email: row.email,
    name: row.display_name,
    role: { id: Number(row.role_id), key: row.role_key, name: row.role_name },
    disabled: row.disabled,
    passwordSet: row.password_set,
    passkeys: row.passkeys,
    totpEnabled: row.totp_enabled,
    lastSeenAt: isoOrNull(row.last_seen_at),
    pendingLinkExpiresAt: isoOrNull(row.pending_link_expires_at),
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/** An account as the audit trail names its changes: email, name, role key and whether it is disabled. */
export interface AuditedAccount {
  email: string;
  name: string;
  roleKey: string;
  disabled: boolean;
}

/** The account as the trail sees it; `lock`: kept as read until the transaction ends. */
export async function auditedAccount(
  db: Queryable,
  accountId: number,
  options: { lock?: boolean } = {},
): Promise<AuditedAccount | null> {
  const { rows } = await db.query<{ email: string; display_name: string; role_key: string; disabled: boolean }>(
    `select a.email, a.display_name, r.key as role_key, a.disabled_at is not null as disabled
       from gateway.accounts a join gateway.roles r on r.id = a.role_id where a.id = $1${options.lock ? ' for update of a' : ''}`,
    [accountId],
  );
  const row = rows[0];
  return row ? { email: row.email, name: row.display_name, roleKey: row.role_key, disabled: row.disabled } : null;
}

/** Changes what is given of an account (role, name, disabled); what is not given stays. Disabling keeps the first date. */
export async function updateAccount(
  db: Queryable,
  accountId: number,
  change: { roleId?: number; name?: string; disabled?: boolean },
): Promise<void> {
  await db.query(
    `update gateway.accounts set
       role_id = coalesce($2, role_id),
       display_name = coalesce($3, display_name),
       disabled_at = case when $4::boolean is null then disabled_at when $4 then coalesce(disabled_at, now()) else null end,
       updated_at = now()
     where id = $1`,
    [accountId, change.roleId ?? null, change.name ?? null, change.disabled ?? null],
  );
}

/** A role as it is stored: its name, permissions and sign-in rules. */
export interface RoleFields {
  name: string;
  permissions: readonly Permission[];
  requireTotp: boolean;
  idleMinutes: number | null;
  absoluteMinutes: number | null;
}

/** Whether a role of the organisation has this name (in any case) or key. */
export async function roleNameOrKeyTaken(
  db: Queryable,
  organisationId: number,
  name: string,
  key: string,
): Promise<boolean> {
  const { rows } = await db.query(
    'select 1 from gateway.roles where organisation_id = $1 and (lower(name) = lower($2) or key = $3)',
    [organisationId, name, key],
  );
  return rows.length > 0;
}

/** Whether another role of the organisation than `roleId` has this name, in any case. */
export async function roleNameTakenByAnother(
  db: Queryable,
  organisationId: number,
  name: string,
  roleId: number,
): Promise<boolean> {
  const { rows } = await db.query(
    'select 1 from gateway.roles where organisation_id = $1 and lower(name) = lower($2) and id <> $3',
    [organisationId, name, roleId],
  );
  return rows.length > 0;
}

/** Stores a custom role of the organisation; its id. */
export async function insertRole(
  db: Queryable,
  organisationId: number,
  key: string,
  role: RoleFields,
): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `insert into gateway.roles (organisation_id, key, name, permissions, require_totp, idle_minutes, absolute_minutes)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [organisationId, key, role.name, role.permissions, role.requireTotp, role.idleMinutes, role.absoluteMinutes],
  );
  return Number(rows[0]?.id);
}

export async function updateRole(db: Queryable, roleId: number, role: RoleFields): Promise<void> {
  await db.query(
    `update gateway.roles set name = $2, permissions = $3, require_totp = $4, idle_minutes = $5, absolute_minutes = $6 where id = $1`,
    [roleId, role.name, role.permissions, role.requireTotp, role.idleMinutes, role.absoluteMinutes],
  );
}

/** Whether any account (enabled or not, invitation accepted or not) has the role. */
export async function roleInUse(db: Queryable, roleId: number): Promise<boolean> {
  const { rows } = await db.query('select 1 from gateway.accounts where role_id = $1 limit 1', [roleId]);
  return rows.length > 0;
}

export async function deleteRole(db: Queryable, roleId: number): Promise<void> {
  await db.query('delete from gateway.roles where id = $1', [roleId]);
}

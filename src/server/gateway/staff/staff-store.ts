import type { Queryable } from '../../db/database';
import type { TargetAccount } from '../permissions/delegation';
import { isPermission } from '../permissions/permissions';

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

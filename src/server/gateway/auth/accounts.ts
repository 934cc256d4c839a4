import { PG_UNIQUE_VIOLATION } from '../../db/connect';
import type { Queryable } from '../../db/database';
import { isPermission, type Permission } from '../permissions/permissions';

export interface AccountForSignIn {
  id: number;
  email: string;
  displayName: string;
  passwordHash: string | null;
  totpSealed: Uint8Array | null;
  totpEnabled: boolean;
  disabled: boolean;
}

interface AccountRow {
  id: string;
  email: string;
  display_name: string;
  password_hash: string | null;
  totp_secret_sealed: Uint8Array | null;
  totp_enabled: boolean;
  disabled: boolean;
}

const ACCOUNT_SELECT = `
  select id, email, display_name, password_hash, totp_secret_sealed, totp_enabled_at is not null as totp_enabled,
         disabled_at is not null as disabled
    from gateway.accounts`;

const toAccount = (row: AccountRow | undefined): AccountForSignIn | null =>
  row
    ? {
        id: Number(row.id),
        email: row.email,
        displayName: row.display_name,
        passwordHash: row.password_hash,
        totpSealed: row.totp_secret_sealed,
        totpEnabled: row.totp_enabled,
        disabled: row.disabled,
      }
    : null;

/**
 * The account signing in with this email: the accepted one (there is at most one), else an invitation (which
 * has no way in yet; invitations of several organisations may share an email until one is accepted).
 */
export async function findAccountByEmail(db: Queryable, email: string): Promise<AccountForSignIn | null> {
  const { rows } = await db.query<AccountRow>(
    `${ACCOUNT_SELECT} where lower(email) = lower($1) order by accepted_at nulls last, id limit 1`,
    [email],
  );
  return toAccount(rows[0]);
}

export async function findAccountById(db: Queryable, id: number): Promise<AccountForSignIn | null> {
  return toAccount((await db.query<AccountRow>(`${ACCOUNT_SELECT} where id = $1`, [id])).rows[0]);
}

export async function setPasswordHash(db: Queryable, accountId: number, passwordHash: string): Promise<void> {
  await db.query('update gateway.accounts set password_hash = $2, updated_at = now() where id = $1', [
    accountId,
    passwordHash,
  ]);
}

export async function countAccounts(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from gateway.accounts');
  return rows[0]?.n ?? 0;
}

export async function createAccount(
  db: Queryable,
  account: { organisationId: number; email: string; displayName: string; roleId: number; passwordHash?: string | null },
): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `insert into gateway.accounts (organisation_id, email, display_name, role_id, password_hash, accepted_at)
     values ($1, $2, $3, $4, $5, case when $5::text is null then null else now() end) returning id`,
    [
      account.organisationId,
      account.email.trim(),
      account.displayName.trim(),
      account.roleId,
      account.passwordHash ?? null,
    ],
  );
  return Number(rows[0]?.id);
}

/** The invitation's email belongs to a person of another organisation: it cannot be accepted. */
class EmailTakenElsewhere extends Error {
  constructor() {
    super('This email address has a Foyer account in another organisation already');
  }
}

/** What the invitee reads: one email signs in to one organisation. */
export const EMAIL_TAKEN_ELSEWHERE_MESSAGE =
  'This email address already has a Foyer account, in another organisation. One address signs in to one organisation: ask whoever invited you to invite another address.';

/**
 * Marks an account accepted: its person now has a way in (a password or a passkey from the invitation link).
 * Throws EmailTakenElsewhere when a person of another organisation has the email; call inside the transaction
 * that sets the way in, so neither happens then.
 */
export async function acceptAccount(db: Queryable, accountId: number): Promise<void> {
  const { rows } = await db.query(
    `update gateway.accounts a set accepted_at = coalesce(a.accepted_at, now())
      where a.id = $1 and not exists (select 1 from gateway.accounts other
        where lower(other.email) = lower(a.email) and other.id <> a.id and other.accepted_at is not null)
      returning a.id`,
    [accountId],
  );
  if (rows.length === 0) throw new EmailTakenElsewhere();
}

/** Whether `error` says the email is taken elsewhere: found so, or two acceptances raced (the unique index). */
export function isEmailTakenElsewhere(error: unknown): boolean {
  if (error instanceof EmailTakenElsewhere) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown };
  return (
    code === PG_UNIQUE_VIOLATION &&
    (constraint === 'accounts_email' || (typeof message === 'string' && message.includes('"accounts_email"')))
  );
}

/** An account's role and its permissions, and whether it is disabled; null when there is no such account. */
export async function findAccountRole(
  db: Queryable,
  accountId: number,
): Promise<{ roleId: number; permissions: Permission[]; disabled: boolean } | null> {
  const { rows } = await db.query<{ role_id: string; permissions: string[]; disabled: boolean }>(
    `select a.role_id, r.permissions, a.disabled_at is not null as disabled
       from gateway.accounts a join gateway.roles r on r.id = a.role_id where a.id = $1`,
    [accountId],
  );
  const row = rows[0];
  return row
    ? { roleId: Number(row.role_id), permissions: row.permissions.filter(isPermission), disabled: row.disabled }
    : null;
}

import type { Queryable } from '../../db/database';

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

export async function findAccountByEmail(db: Queryable, email: string): Promise<AccountForSignIn | null> {
  return toAccount((await db.query<AccountRow>(`${ACCOUNT_SELECT} where lower(email) = lower($1)`, [email])).rows[0]);
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
    `insert into gateway.accounts (organisation_id, email, display_name, role_id, password_hash)
     values ($1, $2, $3, $4, $5) returning id`,
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

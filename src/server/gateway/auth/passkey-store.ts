import type { PasskeySummary } from '@/contract/account';
import type { Queryable } from '../../db/database';

/** A passkey just verified, as it is stored. */
export interface NewPasskey {
  id: string;
  accountId: number;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
  name: string;
}

/** A stored passkey as a sign-in checks it. */
export interface StoredPasskey {
  id: string;
  accountId: number;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
}

interface PasskeyRow {
  id: string;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

/** As GET /api/account lists them. */
function passkeyView(row: PasskeyRow): PasskeySummary {
  return {
    id: row.id,
    name: row.name,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
  };
}

/** The credentials of the account's passkeys, which a new registration excludes. */
export async function credentialsOf(db: Queryable, accountId: number): Promise<{ id: string; transports: string[] }[]> {
  const { rows } = await db.query<{ id: string; transports: string[] }>(
    'select id, transports from gateway.passkeys where account_id = $1',
    [accountId],
  );
  return rows;
}

/** Stores a verified passkey; null when that credential is registered already (to anyone). */
export async function insertPasskey(db: Queryable, passkey: NewPasskey): Promise<PasskeySummary | null> {
  const { rows } = await db.query<PasskeyRow>(
    `insert into gateway.passkeys (id, account_id, public_key, counter, transports, device_type, backed_up, name)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (id) do nothing
     returning id, name, created_at, last_used_at`,
    [
      passkey.id,
      passkey.accountId,
      Buffer.from(passkey.publicKey),
      passkey.counter,
      passkey.transports,
      passkey.deviceType,
      passkey.backedUp,
      passkey.name,
    ],
  );
  return rows[0] ? passkeyView(rows[0]) : null;
}

/** Renames one of the account's passkeys; null when the account has no such passkey. */
export async function renamePasskey(
  db: Queryable,
  accountId: number,
  passkeyId: string,
  name: string,
): Promise<PasskeySummary | null> {
  const { rows } = await db.query<PasskeyRow>(
    `update gateway.passkeys set name = $3 where id = $1 and account_id = $2
     returning id, name, created_at, last_used_at`,
    [passkeyId, accountId, name],
  );
  return rows[0] ? passkeyView(rows[0]) : null;
}

/** The account's passkeys as its page lists them, oldest first. */
export async function listPasskeys(db: Queryable, accountId: number): Promise<PasskeySummary[]> {
  const { rows } = await db.query<PasskeyRow>(
    'select id, name, created_at, last_used_at from gateway.passkeys where account_id = $1 order by created_at',
    [accountId],
  );
  return rows.map(passkeyView);
}

/**
 * What removing the passkey would leave of the account's passkeys: how many others, and whether it is the
 * account's own at all. Call with the account locked (lockPasswordSet), so the answer holds until the
 * transaction ends.
 */
export async function passkeysBesides(
  db: Queryable,
  accountId: number,
  passkeyId: string,
): Promise<{ others: number; own: boolean }> {
  const { rows } = await db.query<{ others: number; own: boolean }>(
    `select count(*) filter (where id <> $2)::int as others, count(*) filter (where id = $2) > 0 as own
       from gateway.passkeys where account_id = $1`,
    [accountId, passkeyId],
  );
  return { others: rows[0]?.others ?? 0, own: rows[0]?.own ?? false };
}

export async function deletePasskey(db: Queryable, accountId: number, passkeyId: string): Promise<void> {
  await db.query('delete from gateway.passkeys where id = $1 and account_id = $2', [passkeyId, accountId]);
}

/** The passkey with this credential id, whoever's it is; null when none. */
export async function findPasskey(db: Queryable, passkeyId: string): Promise<StoredPasskey | null> {
  const { rows } = await db.query<{
    id: string;
    account_id: string;
    public_key: Uint8Array;
    counter: string;
    transports: string[];
  }>('select id, account_id, public_key, counter, transports from gateway.passkeys where id = $1', [passkeyId]);
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    accountId: Number(row.account_id),
    publicKey: new Uint8Array(row.public_key),
    counter: Number(row.counter),
    transports: row.transports,
  };
}

/** After a sign-in with the passkey: its new signature counter, whether it is backed up, and when it was used. */
export async function recordPasskeyUse(
  db: Queryable,
  passkeyId: string,
  use: { counter: number; backedUp: boolean },
): Promise<void> {
  await db.query(`update gateway.passkeys set counter = $2, backed_up = $3, last_used_at = now() where id = $1`, [
    passkeyId,
    use.counter,
    use.backedUp,
  ]);
}

import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/database';

export type ChallengePurpose = 'register' | 'authenticate';

/** How long a passkey ceremony may take, from the options to the answer. */
export const CHALLENGE_LIFETIME_MINUTES = 5;

const hashId = (id: string) => createHash('sha256').update(id).digest();

/**
 * Keeps a WebAuthn challenge in the database under a fresh random id (256 bits, kept only as its hash) and
 * returns that id for the browser to send back with its answer: the options may come from one instance and
 * the answer reach another. Expired challenges are swept on the way.
 */
export async function storeChallenge(
  db: Queryable,
  challenge: string,
  purpose: ChallengePurpose,
  accountId: number | null,
): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  await db.query('delete from gateway.webauthn_challenges where expires_at <= now()');
  await db.query(
    `insert into gateway.webauthn_challenges (id_hash, challenge, purpose, account_id, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(mins => $5))`,
    [hashId(id), challenge, purpose, accountId, CHALLENGE_LIFETIME_MINUTES],
  );
  return id;
}

/**
 * Takes a live challenge out: one conditional delete, so of two answers racing with the same id exactly one
 * gets it, and a replayed answer finds nothing. With `accountId`, only that account's challenge is taken.
 */
export async function takeChallenge(
  db: Queryable,
  id: string,
  purpose: ChallengePurpose,
  accountId: number | null = null,
): Promise<{ challenge: string; accountId: number | null } | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(id)) return null;
  const { rows } = await db.query<{ challenge: string; account_id: string | null }>(
    `delete from gateway.webauthn_challenges
      where id_hash = $1 and purpose = $2 and expires_at > now()
        and ($3::bigint is null or account_id = $3)
      returning challenge, account_id`,
    [hashId(id), purpose, accountId],
  );
  const row = rows[0];
  return row ? { challenge: row.challenge, accountId: row.account_id === null ? null : Number(row.account_id) } : null;
}

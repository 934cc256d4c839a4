import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/database';

export type TokenKind = 'invite' | 'reset' | 'setup' | 'totp';

/** How long each kind of link works. The setup link works until used (it is printed at every start). */
export const TOKEN_LIFETIME_MINUTES: Record<TokenKind, number | null> = {
  invite: 72 * 60,
  reset: 72 * 60,
  setup: null,
  totp: 5,
};

const hashToken = (token: string) => createHash('sha256').update(token).digest();

/** A token is 256 random bits in base64url: a capability, kept only as its hash. */
export async function issueToken(
  db: Queryable,
  kind: TokenKind,
  options: { accountId?: number | null; createdBy?: number | null } = {},
): Promise<{ token: string; expiresAt: string | null }> {
  const token = randomBytes(32).toString('base64url');
  const minutes = TOKEN_LIFETIME_MINUTES[kind];
  // A new link replaces the person's earlier unused links of the same kind.
  if (options.accountId) {
    await db.query(
      `update gateway.one_time_tokens set used_at = now() where account_id = $1 and kind = $2 and used_at is null`,
      [options.accountId, kind],
    );
  }
  const { rows } = await db.query<{ expires_at: Date | null }>(
    `insert into gateway.one_time_tokens (token_hash, kind, account_id, created_by, expires_at)
     values ($1, $2, $3, $4, case when $5::int is null then null else now() + make_interval(mins => $5::int) end)
     returning expires_at`,
    [hashToken(token), kind, options.accountId ?? null, options.createdBy ?? null, minutes],
  );
  const expires = rows[0]?.expires_at;
  return { token, expiresAt: expires ? new Date(expires).toISOString() : null };
}

/** Retires every unused setup link: a new one replaces it. */
export async function retireSetupTokens(db: Queryable): Promise<void> {
  await db.query(`update gateway.one_time_tokens set used_at = now() where kind = 'setup' and used_at is null`);
}

export interface TokenInfo {
  kind: TokenKind;
  accountId: number | null;
  /** Who issued it (an invitation or a reset link); null for the setup link and sign-in tickets. */
  createdBy: number | null;
}

interface TokenRow {
  kind: TokenKind;
  account_id: string | null;
  created_by: string | null;
}

const toInfo = (row: TokenRow | undefined): TokenInfo | null =>
  row
    ? {
        kind: row.kind,
        accountId: row.account_id === null ? null : Number(row.account_id),
        createdBy: row.created_by === null ? null : Number(row.created_by),
      }
    : null;

const LIVE = `used_at is null and (expires_at is null or expires_at > now())`;

/** What a live token is for, without using it up; null when unknown, used or expired. */
export async function peekToken(db: Queryable, token: string, kinds: readonly TokenKind[]): Promise<TokenInfo | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const { rows } = await db.query<TokenRow>(
    `select kind, account_id, created_by from gateway.one_time_tokens
      where token_hash = $1 and kind = any($2) and ${LIVE}`,
    [hashToken(token), kinds],
  );
  return toInfo(rows[0]);
}

/**
 * Uses a token up. One conditional update: of two requests racing with the same link, exactly one gets it.
 * Call inside the transaction that does what the token allows, so a failure leaves the link usable.
 */
export async function consumeToken(
  db: Queryable,
  token: string,
  kinds: readonly TokenKind[],
): Promise<TokenInfo | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const { rows } = await db.query<TokenRow>(
    `update gateway.one_time_tokens set used_at = now()
      where token_hash = $1 and kind = any($2) and ${LIVE}
      returning kind, account_id, created_by`,
    [hashToken(token), kinds],
  );
  return toInfo(rows[0]);
}

import type { Database, Queryable } from '../../db/database';
import { ConflictError, NotFoundError } from '../errors';
import { staffActionRefusal } from '../permissions';
import {
  type AccountForSignIn,
  acceptAccount,
  EMAIL_TAKEN_ELSEWHERE_MESSAGE,
  findAccountById,
  findAccountRole,
  isEmailTakenElsewhere,
} from './account-store';
import { consumeToken, peekToken, type TokenInfo } from './one-time-token-store';
import type { SessionStore } from './session-store';

/** The refusal of a person link `findPersonLink` does not find. */
export const LINK_GONE = 'This link has expired or has been used. Ask an administrator for a new one.';

/**
 * The live invitation or reset link `token` with its account; null when it is unknown, used or expired, its
 * account is disabled, or its issuer could not issue it now. A link is only as strong as whoever issued it: it
 * works while they may still issue it (enabled, staff:manage, and every permission of the account's role
 * theirs: permissions/delegation.ts), so a link issued for a box-office account does not open it once that
 * account is an administrator's.
 */
export async function findPersonLink(
  db: Queryable,
  token: string,
): Promise<{ token: TokenInfo; account: AccountForSignIn } | null> {
  const peeked = await peekToken(db, token, ['invite', 'reset']);
  const account = peeked?.accountId ? await findAccountById(db, peeked.accountId) : null;
  if (!peeked || !account || account.disabled) return null;
  return (await issuerStillReaches(db, peeked.createdBy, account.id)) ? { token: peeked, account } : null;
}

async function issuerStillReaches(db: Queryable, issuerId: number | null, accountId: number): Promise<boolean> {
  // No issuer: a link made by Foyer itself (none is today but the setup link, which is not a person link).
  if (issuerId === null) return true;
  const issuer = await findAccountRole(db, issuerId);
  const target = await findAccountRole(db, accountId);
  if (!issuer || !target || issuer.disabled || !issuer.permissions.includes('staff:manage')) return false;
  const refusal = staffActionRefusal(
    { accountId: issuerId, permissions: issuer.permissions },
    { kind: 'issue reset link', target: { accountId, ...target } },
  );
  return refusal === null;
}

/**
 * Uses up the invitation or reset link `token` in one transaction with the credential it sets
 * (`setCredential`: a password or a passkey) and the account's acceptance: all or nothing. 404 when the link
 * was used meanwhile; 409 when the address has a Foyer account in another organisation — told to whoever
 * accepts, never in the inviter's answers, where the invitation was made like any other. A reset ends every
 * session opened before it. The link's kind.
 */
export async function consumePersonLink(
  deps: { db: Database; sessions: SessionStore },
  token: string,
  accountId: number,
  setCredential: (tx: Queryable) => Promise<void>,
): Promise<'invite' | 'reset'> {
  const used = await deps.db
    .transaction(async (tx) => {
      const consumed = await consumeToken(tx, token, ['invite', 'reset']);
      if (!consumed) return null;
      await setCredential(tx);
      await acceptAccount(tx, accountId);
      return consumed;
    })
    .catch((error: unknown) => {
      if (isEmailTakenElsewhere(error)) throw new ConflictError(EMAIL_TAKEN_ELSEWHERE_MESSAGE);
      throw error;
    });
  if (!used) throw new NotFoundError('This link has just been used.');
  if (used.kind === 'reset') await deps.sessions.endAll(accountId);
  return used.kind === 'reset' ? 'reset' : 'invite';
}

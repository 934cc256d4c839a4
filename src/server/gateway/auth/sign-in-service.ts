import type { Context } from 'hono';
import type { Database } from '../../db/database';
import { peerAddress } from '../access';
import { recordSignInFailure } from '../audit';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../errors';
import { findAccountByEmail, findAccountById, signInActorOf, useTotpStep } from './account-store';
import type { AuthDeps } from './auth-deps';
import { consumeToken, issueToken, peekToken } from './one-time-token-store';
import { verifyPassword } from './passwords';
import { tooManyAttempts } from './sign-in-throttle';
import { totpSealContext, totpStep } from './totp';

const TOTP_EXPIRED = 'The sign-in has expired. Enter your password again.';

/** A refused sign-in as its rules see it: the account it named, if any, and why. */
export interface SignInFailure {
  accountId: number | null;
  email: string | null;
  /** How they tried: password, totp or passkey. */
  method: string;
  reason: string;
  status?: number;
}

/** Records a refused sign-in of request `c` in the audit trail, naming the account it tried (if known). */
async function recordRefusedSignIn(db: Database, c: Context, failure: SignInFailure): Promise<void> {
  const { accountId, ...rest } = failure;
  await recordSignInFailure(db, c, { ...rest, actor: accountId ? await signInActorOf(db, accountId) : null });
}

/** Who is signing in: their address (what the throttle counts) and where a refusal is recorded. */
export interface SignInAttempt {
  address: string;
  recordFailure(failure: SignInFailure): Promise<void>;
}

/** The sign-in attempt of request `c`: its client's address, and its refusals recorded against it. */
export function signInAttemptOf(deps: Pick<AuthDeps, 'db' | 'clientAddress'>, c: Context): SignInAttempt {
  return {
    address: (deps.clientAddress ?? peerAddress)(c),
    recordFailure: (failure) => recordRefusedSignIn(deps.db, c, failure),
  };
}

/** A password accepted: the account to start a session for, or the ticket of the TOTP step still to take. */
export type PasswordSignIn = { accountId: number } | { totpRequired: true; ticket: string };

/**
 * Signing in with email and password, then (when the account has a second factor) the TOTP code. Every
 * attempt is reserved with the throttle before its secret is checked, and a refusal is recorded.
 */
export class SignInService {
  constructor(private readonly deps: Pick<AuthDeps, 'db' | 'throttle' | 'log' | 'vault'>) {}

  async withPassword(attempt: SignInAttempt, email: string, password: string): Promise<PasswordSignIn> {
    const { db, throttle, log } = this.deps;
    const { address } = attempt;
    // Reserved before the password is hashed (attempts sent at once must not all pass a check made before any
    // counted): the reservation is the failure's count, given back when the password is right.
    const reserved = await throttle.reserve({ address, account: email });
    if (!reserved.reserved) {
      log.warn({ address, retryAfter: reserved.retryAfter }, 'sign-in throttled');
      throw tooManyAttempts(reserved.retryAfter);
    }
    const account = await findAccountByEmail(db, email);
    const passwordOk = await verifyPassword(account?.passwordHash, password);
    if (!account || !passwordOk) {
      const reason = account ? 'wrong password' : 'unknown email';
      await attempt.recordFailure({ accountId: account?.id ?? null, email, method: 'password', reason });
      log.info({ address }, 'sign-in refused: unknown email or wrong password');
      throw new UnauthorizedError('Unknown email address or wrong password');
    }
    await reserved.release();
    // Told only to someone who knows the password: a guesser learns nothing about the account.
    if (account.disabled) {
      const failure = { accountId: account.id, email, method: 'password', reason: 'account disabled', status: 403 };
      await attempt.recordFailure(failure);
      throw new ForbiddenError('This account is disabled. Ask an administrator.');
    }
    if (!account.totpEnabled) return { accountId: account.id };
    const { token } = await issueToken(db, 'totp', { accountId: account.id });
    return { totpRequired: true, ticket: token };
  }

  /** The TOTP step of a password sign-in: the account to start a session for. */
  async withTotp(attempt: SignInAttempt, ticket: string, code: string): Promise<number> {
    const { db, throttle, vault } = this.deps;
    const accountId = (await peekToken(db, ticket, ['totp']))?.accountId;
    if (!accountId) throw new UnauthorizedError(TOTP_EXPIRED);
    const account = await findAccountById(db, accountId);
    if (!account || account.disabled || !account.totpSealed) throw new UnauthorizedError(TOTP_EXPIRED);
    const reserved = await throttle.reserve({ address: attempt.address, account: account.email });
    if (!reserved.reserved) throw tooManyAttempts(reserved.retryAfter);
    const step = totpStep(vault.open(account.totpSealed, totpSealContext(account.id)), code);
    const accepted =
      step !== null &&
      (await db.transaction(
        // A code is used once: the step must be newer than the last one accepted for this account.
        async (tx) => (await useTotpStep(tx, account.id, step)) && (await consumeToken(tx, ticket, ['totp'])) !== null,
      ));
    if (!accepted) {
      await attempt.recordFailure({
        accountId: account.id,
        email: account.email,
        method: 'totp',
        reason: 'wrong code',
      });
      throw new ValidationError('That code is not right. Enter the current code from your app.', {
        code: ['That code is not right'],
      });
    }
    await reserved.release();
    return account.id;
  }
}

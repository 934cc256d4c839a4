import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import {
  clearSessionCookie,
  type GatewayEnv,
  peerAddress,
  SESSION_COOKIE,
  type SecuredRoutes,
  setSessionCookie,
} from '../access';
import { recordRequestAudit, recordSignInFailure } from '../audit';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../errors';
import type { GatewayDeps } from '../gateway-deps';
import type { SignInMethod } from '../principal';
import { parseBody } from '../request-input';
import { findAccountByEmail, findAccountById } from './accounts';
import { consumeToken, issueToken, peekToken } from './one-time-tokens';
import { verifyPassword } from './passwords';
import { sessionView } from './session-view';
import { tooManyAttempts } from './sign-in-throttle';
import { totpStep } from './totp';

const signInSchema = z.object({
  email: z.string().trim().min(1, 'Enter your email address').max(320, 'At most 320 characters'),
  password: z.string().min(1, 'Enter your password').max(1024, 'At most 1024 characters'),
});

const totpSchema = z.object({
  ticket: z.string().min(1).max(200),
  code: z.string().trim().min(1, 'Enter the 6-digit code').max(20),
});

const TOTP_EXPIRED = 'The sign-in has expired. Enter your password again.';

/**
 * Signing in and out: `POST /api/session` with email + password (then `POST /api/session/totp` when the
 * account has a second factor), `GET /api/session` (who am I, what may I do), `DELETE /api/session`.
 */
export function registerSessionRoutes(routes: SecuredRoutes, deps: GatewayDeps): void {
  const { db, throttle, log, vault } = deps;
  const addressOf = deps.clientAddress ?? peerAddress;

  routes.declare('POST', '/session', 'public', async (c) => {
    const address = addressOf(c);
    const { email, password } = await parseBody(c, signInSchema);
    // Reserved before the password is hashed (attempts sent at once must not all pass a check made before any
    // counted): the reservation is the failure's count, given back when the password is right.
    const attempt = await throttle.reserve({ address, account: email });
    if (!attempt.reserved) {
      log.warn({ address, retryAfter: attempt.retryAfter }, 'sign-in throttled');
      throw tooManyAttempts(attempt.retryAfter);
    }

    const account = await findAccountByEmail(db, email);
    const passwordOk = await verifyPassword(account?.passwordHash, password);
    if (!account || !passwordOk) {
      await recordSignInFailure(db, c, {
        accountId: account?.id ?? null,
        email,
        method: 'password',
        reason: account ? 'wrong password' : 'unknown email',
      });
      log.info({ address }, 'sign-in refused: unknown email or wrong password');
      throw new UnauthorizedError('Unknown email address or wrong password');
    }
    await attempt.release();
    // Told only to someone who knows the password: a guesser learns nothing about the account.
    if (account.disabled) {
      await recordSignInFailure(db, c, {
        accountId: account.id,
        email,
        method: 'password',
        reason: 'account disabled',
        status: 403,
      });
      throw new ForbiddenError('This account is disabled. Ask an administrator.');
    }
    if (account.totpEnabled) {
      const { token } = await issueToken(db, 'totp', { accountId: account.id });
      return c.json({ totpRequired: true, ticket: token }, 200);
    }
    return startSession(c, deps, account.id, 'password');
  });

  routes.declare('POST', '/session/totp', 'public', async (c) => {
    const address = addressOf(c);
    const { ticket, code } = await parseBody(c, totpSchema);
    const accountId = (await peekToken(db, ticket, ['totp']))?.accountId;
    if (!accountId) throw new UnauthorizedError(TOTP_EXPIRED);
    const account = await findAccountById(db, accountId);
    if (!account || account.disabled || !account.totpSealed) throw new UnauthorizedError(TOTP_EXPIRED);
    const attempt = await throttle.reserve({ address, account: account.email });
    if (!attempt.reserved) throw tooManyAttempts(attempt.retryAfter);
    const step = totpStep(vault.open(account.totpSealed, `totp:${account.id}`), code);
    const accepted =
      step !== null &&
      (await db.transaction(async (tx) => {
        // A code is used once: the step must be newer than the last one accepted for this account.
        const { rowCount } = await tx.query(
          `update gateway.accounts set totp_last_step = $2
            where id = $1 and (totp_last_step is null or totp_last_step < $2)`,
          [account.id, step],
        );
        if (rowCount === 0) return false;
        return (await consumeToken(tx, ticket, ['totp'])) !== null;
      }));
    if (!accepted) {
      await recordSignInFailure(db, c, {
        accountId: account.id,
        email: account.email,
        method: 'totp',
        reason: 'wrong code',
      });
      throw new ValidationError('That code is not right. Enter the current code from your app.', {
        code: ['That code is not right'],
      });
    }
    await attempt.release();
    return startSession(c, deps, account.id, 'password+totp');
  });

  routes.declare('GET', '/session', 'signed-in', (c) => c.json(sessionView(c.get('principal')), 200));

  routes.declare('DELETE', '/session', 'public', async (c) => {
    const principal = await deps.sessions.resolve(getCookie(c, SESSION_COOKIE));
    await deps.sessions.end(getCookie(c, SESSION_COOKIE));
    // Whoever the cookie named: the request passed no access check, so it carries no principal of its own.
    if (principal) await recordRequestAudit(db, c, { action: 'sign-out', status: 204, details: {} }, principal);
    clearSessionCookie(c);
    return c.body(null, 204);
  });
}

/**
 * Starts a session for the account and answers with the session view. A fresh id on every sign-in (no
 * session fixation); this browser's previous session ends.
 */
export async function startSession(c: Context<GatewayEnv>, deps: GatewayDeps, accountId: number, method: SignInMethod) {
  await deps.sessions.end(getCookie(c, SESSION_COOKIE));
  const address = (deps.clientAddress ?? peerAddress)(c);
  const cookie = await deps.sessions.create({ accountId, method, userAgent: c.req.header('user-agent'), address });
  setSessionCookie(c, cookie);
  const principal = await deps.sessions.resolve(cookie);
  if (!principal) throw new ForbiddenError('The account cannot sign in now.');
  await recordRequestAudit(deps.db, c, { action: 'sign-in', status: 200, details: { method } }, principal);
  deps.log.info({ accountId, method }, 'signed in');
  return c.json(sessionView(principal), 200);
}

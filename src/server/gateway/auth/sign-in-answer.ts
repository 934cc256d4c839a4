import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { type GatewayEnv, peerAddress, SESSION_COOKIE, setSessionCookie } from '../access';
import { recordRequestAudit, recordSignInFailure } from '../audit';
import { ForbiddenError } from '../errors';
import type { SignInMethod } from '../principal';
import type { AuthDeps } from './auth-deps';
import { sessionView } from './session-view';

/**
 * The answer of every way in (password, TOTP, passkey, invitation or reset link, setup): starts a session for
 * the account, sets its cookie and answers with the session view. A fresh id on every sign-in (no session
 * fixation); this browser's previous session ends. The sign-in checks (address rules, SSO required) come last:
 * a refusal ends the new session again and is recorded.
 */
export async function answerSignIn(c: Context<GatewayEnv>, deps: AuthDeps, accountId: number, method: SignInMethod) {
  await deps.sessions.end(getCookie(c, SESSION_COOKIE));
  const address = (deps.clientAddress ?? peerAddress)(c);
  const cookie = await deps.sessions.create({ accountId, method, userAgent: c.req.header('user-agent'), address });
  const principal = await deps.sessions.resolve(cookie);
  if (!principal) throw new ForbiddenError('The account cannot sign in now.');
  for (const check of deps.signInChecks) {
    const refused = await check(c, principal);
    if (!refused) continue;
    await deps.sessions.end(cookie);
    const actor = {
      accountId,
      organisationId: principal.organisationId,
      email: principal.email,
      roleKey: principal.role.key,
    };
    await recordSignInFailure(deps.db, c, {
      actor,
      email: principal.email,
      method,
      reason: refused.message,
      status: 403,
    });
    throw refused;
  }
  // Set only now: a refused sign-in's answer carries no cookie of the session it ended.
  setSessionCookie(c, cookie);
  await recordRequestAudit(deps.db, c, { action: 'sign-in', status: 200, details: { method } }, principal);
  deps.log.info({ accountId, method }, 'signed in');
  return c.json(sessionView(principal), 200);
}

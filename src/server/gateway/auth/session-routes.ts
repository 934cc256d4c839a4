import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { signInSchema, totpSignInSchema } from '@/contract/session';
import { clearSessionCookie, SESSION_COOKIE, type SecuredRoutes } from '../access';
import { recordRequestAudit } from '../audit';
import { parseBody } from '../request-input';
import type { AuthDeps } from './auth-deps';
import { sessionView } from './session-view';
import { answerSignIn } from './sign-in-answer';
import { SignInService, signInAttemptOf } from './sign-in-service';

/**
 * Signing in and out (the rules: sign-in-service.ts): `POST /api/session` with email + password (then
 * `POST /api/session/totp` when the account has a second factor), `GET /api/session` (who am I, what may I
 * do), `DELETE /api/session`.
 */
export function registerSessionRoutes(routes: SecuredRoutes, deps: AuthDeps): void {
  const signIn = new SignInService(deps);
  const attemptOf = (c: Context) => signInAttemptOf(deps, c);

  routes.declare('POST', '/session', 'public', async (c) => {
    const { email, password } = await parseBody(c, signInSchema);
    const signedIn = await signIn.withPassword(attemptOf(c), email, password);
    return 'accountId' in signedIn ? answerSignIn(c, deps, signedIn.accountId, 'password') : c.json(signedIn, 200);
  });

  routes.declare('POST', '/session/totp', 'public', async (c) => {
    const { ticket, code } = await parseBody(c, totpSignInSchema);
    return answerSignIn(c, deps, await signIn.withTotp(attemptOf(c), ticket, code), 'password+totp');
  });

  routes.declare('GET', '/session', 'signed-in', (c) => c.json(sessionView(c.get('principal')), 200));

  routes.declare('DELETE', '/session', 'public', async (c) => {
    const cookie = getCookie(c, SESSION_COOKIE);
    const principal = await deps.sessions.resolve(cookie);
    await deps.sessions.end(cookie);
    // Whoever the cookie named: the request passed no access check, so it carries no principal of its own.
    if (principal) await recordRequestAudit(deps.db, c, { action: 'sign-out', status: 204, details: {} }, principal);
    clearSessionCookie(c);
    return c.body(null, 204);
  });
}

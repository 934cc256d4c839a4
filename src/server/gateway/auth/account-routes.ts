import { z } from 'zod';
import type { Account, EndedSessions, TotpEnrolment, TotpState } from '@/contract/account';
import { fieldError, type GatewayDeps, readBody, type SecuredRoutes } from '../access';
import { findAccountById, setPasswordHash } from './accounts';
import { PASSWORD_MAX_LENGTH, passwordProblem } from './password-policy';
import { hashPassword, verifyPassword } from './passwords';
import { newTotpSecret, totpStep } from './totp';

const passwordChangeSchema = z.object({
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  newPassword: z.string().max(PASSWORD_MAX_LENGTH, `At most ${PASSWORD_MAX_LENGTH} characters`),
});
const codeSchema = z.object({ code: z.string().trim().min(1, 'Enter the 6-digit code').max(20) });
const passwordSchema = z.object({ password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX_LENGTH) });

/**
 * A person's own account: who they are, their sessions (see and end them), password and second factor.
 * Passkeys have routes of their own (passkey-routes.ts).
 */
export function registerAccountRoutes(routes: SecuredRoutes, deps: GatewayDeps): void {
  const { db, sessions, vault } = deps;
  const totpContext = (accountId: number) => `totp:${accountId}`;

  routes.declare('GET', '/account', 'signed-in', async (c) => {
    const principal = c.get('principal');
    const [account, own, passkeys] = await Promise.all([
      findAccountById(db, principal.accountId),
      sessions.listOwn(principal.accountId),
      db.query<{ id: string; name: string; created_at: Date; last_used_at: Date | null }>(
        'select id, name, created_at, last_used_at from gateway.passkeys where account_id = $1 order by created_at',
        [principal.accountId],
      ),
    ]);
    return c.json({
      person: { id: principal.accountId, email: principal.email, name: principal.displayName },
      clientName: principal.clientName,
      role: { key: principal.role.key, name: principal.role.name, requireTotp: principal.role.requireTotp },
      passwordSet: Boolean(account?.passwordHash),
      totpEnabled: principal.totpEnabled,
      sessions: own.map((session) => ({ ...session, current: session.ref === principal.sessionRef })),
      passkeys: passkeys.rows.map((row) => ({
        id: row.id,
        name: row.name,
        createdAt: new Date(row.created_at).toISOString(),
        lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
      })),
    } satisfies Account);
  });

  routes.declare('PUT', '/account/password', 'signed-in', async (c) => {
    const principal = c.get('principal');
    const body = await readBody(c, passwordChangeSchema);
    if (!body.ok) return body.response;
    const account = await findAccountById(db, principal.accountId);
    if (!account) return c.json({ message: 'Not signed in' }, 401);
    if (account.passwordHash && !(await verifyPassword(account.passwordHash, body.data.currentPassword ?? ''))) {
      return fieldError(c, 'currentPassword', 'This is not your current password');
    }
    const problem = await passwordProblem(body.data.newPassword, {
      email: principal.email,
      name: principal.displayName,
    });
    if (problem) return fieldError(c, 'newPassword', problem);
    await setPasswordHash(db, principal.accountId, await hashPassword(body.data.newPassword));
    // Whoever may have known the old password is signed out everywhere else.
    const ended = await sessions.endAll(principal.accountId, principal.sessionRef);
    return c.json({ endedSessions: ended } satisfies EndedSessions, 200);
  });

  routes.declare('DELETE', '/account/sessions/:ref', 'signed-in', async (c) => {
    const ended = await sessions.endOwn(c.get('principal').accountId, c.req.param('ref') ?? '');
    return ended ? c.body(null, 204) : c.json({ message: 'No such session' }, 404);
  });

  routes.declare('POST', '/account/sessions/end-others', 'signed-in', async (c) => {
    const principal = c.get('principal');
    return c.json(
      { endedSessions: await sessions.endAll(principal.accountId, principal.sessionRef) } satisfies EndedSessions,
      200,
    );
  });

  routes.declare('POST', '/account/totp/setup', 'signed-in', async (c) => {
    const principal = c.get('principal');
    if (principal.totpEnabled) return c.json({ message: 'Two-step sign-in is already on. Turn it off first.' }, 409);
    const { secret, uri } = newTotpSecret(principal.email);
    await db.query('update gateway.accounts set totp_secret_sealed = $2, totp_last_step = null where id = $1', [
      principal.accountId,
      vault.seal(secret, totpContext(principal.accountId)),
    ]);
    // Shown to the person once, to scan or type into their authenticator app.
    return c.json({ secret, uri } satisfies TotpEnrolment, 200);
  });

  routes.declare('POST', '/account/totp/confirm', 'signed-in', async (c) => {
    const principal = c.get('principal');
    const body = await readBody(c, codeSchema);
    if (!body.ok) return body.response;
    const account = await findAccountById(db, principal.accountId);
    if (!account?.totpSealed) return c.json({ message: 'Start the set-up first.' }, 409);
    if (account.totpEnabled) return c.json({ message: 'Two-step sign-in is already on.' }, 409);
    const step = totpStep(vault.open(account.totpSealed, totpContext(account.id)), body.data.code);
    if (step === null)
      return fieldError(c, 'code', 'That code is not right. Check the time on your phone and try the current code.');
    await db.query(
      'update gateway.accounts set totp_enabled_at = now(), totp_last_step = $2, updated_at = now() where id = $1',
      [account.id, step],
    );
    return c.json({ totpEnabled: true } satisfies TotpState, 200);
  });

  routes.declare('DELETE', '/account/totp', 'signed-in', async (c) => {
    const principal = c.get('principal');
    if (principal.role.requireTotp) return c.json({ message: 'Your role requires two-step sign-in.' }, 409);
    const body = await readBody(c, passwordSchema);
    if (!body.ok) return body.response;
    const account = await findAccountById(db, principal.accountId);
    if (!account || !(await verifyPassword(account.passwordHash, body.data.password))) {
      return fieldError(c, 'password', 'This is not your current password');
    }
    await db.query(
      'update gateway.accounts set totp_enabled_at = null, totp_secret_sealed = null, totp_last_step = null, updated_at = now() where id = $1',
      [account.id],
    );
    return c.json({ totpEnabled: false } satisfies TotpState, 200);
  });
}

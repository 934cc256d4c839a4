import { z } from 'zod';
import type { Account, EndedSessions, TotpEnrolment, TotpState } from '@/contract/account';
import type { SecuredRoutes } from '../access';
import { ConflictError, NotFoundError, UnauthorizedError, ValidationError } from '../errors';
import type { GatewayDeps } from '../gateway-deps';
import { parseBody } from '../request-input';
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
    const { currentPassword, newPassword } = await parseBody(c, passwordChangeSchema);
    const account = await findAccountById(db, principal.accountId);
    if (!account) throw new UnauthorizedError('Not signed in');
    if (account.passwordHash && !(await verifyPassword(account.passwordHash, currentPassword ?? ''))) {
      throw ValidationError.field('currentPassword', 'This is not your current password');
    }
    const problem = await passwordProblem(newPassword, { email: principal.email, name: principal.displayName });
    if (problem) throw ValidationError.field('newPassword', problem);
    await setPasswordHash(db, principal.accountId, await hashPassword(newPassword));
    // Whoever may have known the old password is signed out everywhere else.
    const ended = await sessions.endAll(principal.accountId, principal.sessionRef);
    return c.json({ endedSessions: ended } satisfies EndedSessions, 200);
  });

  routes.declare('DELETE', '/account/sessions/:ref', 'signed-in', async (c) => {
    const ended = await sessions.endOwn(c.get('principal').accountId, c.req.param('ref') ?? '');
    if (!ended) throw new NotFoundError('No such session');
    return c.body(null, 204);
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
    if (principal.totpEnabled) throw new ConflictError('Two-step sign-in is already on. Turn it off first.');
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
    const { code } = await parseBody(c, codeSchema);
    const account = await findAccountById(db, principal.accountId);
    if (!account?.totpSealed) throw new ConflictError('Start the set-up first.');
    if (account.totpEnabled) throw new ConflictError('Two-step sign-in is already on.');
    const step = totpStep(vault.open(account.totpSealed, totpContext(account.id)), code);
    if (step === null) {
      throw ValidationError.field(
        'code',
        'That code is not right. Check the time on your phone and try the current code.',
      );
    }
    await db.query(
      'update gateway.accounts set totp_enabled_at = now(), totp_last_step = $2, updated_at = now() where id = $1',
      [account.id, step],
    );
    return c.json({ totpEnabled: true } satisfies TotpState, 200);
  });

  routes.declare('DELETE', '/account/totp', 'signed-in', async (c) => {
    const principal = c.get('principal');
    if (principal.role.requireTotp) throw new ConflictError('Your role requires two-step sign-in.');
    const { password } = await parseBody(c, passwordSchema);
    const account = await findAccountById(db, principal.accountId);
    if (!account || !(await verifyPassword(account.passwordHash, password))) {
      throw ValidationError.field('password', 'This is not your current password');
    }
    await db.query(
      'update gateway.accounts set totp_enabled_at = null, totp_secret_sealed = null, totp_last_step = null, updated_at = now() where id = $1',
      [account.id],
    );
    return c.json({ totpEnabled: false } satisfies TotpState, 200);
  });
}

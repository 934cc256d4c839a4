import { z } from 'zod';
import type { SecuredRoutes } from '../access';
import { checkApiKey } from '../connection';
import { NotFoundError, ValidationError } from '../errors';
import type { GatewayDeps } from '../gateway-deps';
import { findRoleByKey } from '../permissions/roles';
import { parseBody } from '../request-input';
import { requestOrigin } from '../same-origin';
import { countAccounts, createAccount, setPasswordHash } from './accounts';
import { consumeToken, issueToken, peekToken } from './one-time-tokens';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem } from './password-policy';
import { hashPassword } from './passwords';
import { consumePersonLink, findPersonLink, LINK_GONE } from './person-links';
import { startSession } from './session-routes';

const newPasswordSchema = z.object({ password: z.string().max(PASSWORD_MAX_LENGTH) });

const setupSchema = z.object({
  name: z.string().trim().min(1, 'Enter your name').max(200),
  email: z.email('Enter a valid email address').max(320),
  password: z.string().max(PASSWORD_MAX_LENGTH),
  clientName: z.string().trim().min(1, 'Enter the client name').max(64, 'At most 64 characters'),
  apiKey: z.string().trim().min(1, 'Enter the API key').max(1024, 'At most 1024 characters'),
});

const SETUP_USED = 'This setup link has been used.';

/** Where a one-time link of each kind leads in the app. */
export function linkUrl(origin: string, kind: 'invite' | 'reset' | 'setup', token: string): string {
  return kind === 'setup' ? `${origin}/setup/${token}` : `${origin}/welcome/${token}`;
}

/**
 * Creates the one-time setup link of a fresh install (no account yet), valid until used; null when people
 * exist already. Printed at every start until someone uses it.
 */
export async function setupLinkIfFresh(deps: Pick<GatewayDeps, 'db'>): Promise<string | null> {
  if ((await countAccounts(deps.db)) > 0) return null;
  await deps.db.query(`update gateway.one_time_tokens set used_at = now() where kind = 'setup' and used_at is null`);
  return (await issueToken(deps.db, 'setup')).token;
}

/**
 * One-time links: an invitation or password reset (`/welcome/<token>`: the person sets a password, or a
 * passkey through passkey-routes.ts), and the setup of a fresh install (`/setup/<token>`: the first
 * administrator and the organisation's connection).
 */
export function registerLinkRoutes(routes: SecuredRoutes, deps: GatewayDeps): void {
  const { db, service, organisations } = deps;

  routes.declare('GET', '/links/:token', 'public', async (c) => {
    const link = await findPersonLink(db, c.req.param('token') ?? '');
    if (!link) throw new NotFoundError(LINK_GONE);
    const { token, account } = link;
    const { rows } = await db.query<{ client_name: string }>(
      'select o.client_name from gateway.accounts a join gateway.organisations o on o.id = a.organisation_id where a.id = $1',
      [account.id],
    );
    return c.json({
      kind: token.kind,
      email: account.email,
      name: account.displayName,
      clientName: rows[0]?.client_name ?? '',
      passwordMinLength: PASSWORD_MIN_LENGTH,
    });
  });

  routes.declare('POST', '/links/:token/password', 'public', async (c) => {
    const token = c.req.param('token') ?? '';
    const { password } = await parseBody(c, newPasswordSchema);
    const account = (await findPersonLink(db, token))?.account;
    if (!account) throw new NotFoundError(LINK_GONE);
    const problem = await passwordProblem(password, { email: account.email, name: account.displayName });
    if (problem) throw ValidationError.field('password', problem);
    const passwordHash = await hashPassword(password);
    const kind = await consumePersonLink(deps, token, account.id, (tx) =>
      setPasswordHash(tx, account.id, passwordHash),
    );
    return startSession(c, deps, account.id, kind === 'reset' ? 'reset' : 'invitation');
  });

  routes.declare('GET', '/setup/:token', 'public', async (c) => {
    if (!(await peekToken(db, c.req.param('token') ?? '', ['setup']))) throw new NotFoundError(SETUP_USED);
    return c.json({ valid: true, passwordMinLength: PASSWORD_MIN_LENGTH });
  });

  routes.declare('POST', '/setup/:token', 'public', async (c) => {
    const token = c.req.param('token') ?? '';
    if (!(await peekToken(db, token, ['setup']))) throw new NotFoundError(SETUP_USED);
    const input = await parseBody(c, setupSchema);
    const problem = await passwordProblem(input.password, { email: input.email, name: input.name });
    if (problem) throw ValidationError.field('password', problem);
    await checkApiKey(service, input.clientName, input.apiKey, requestOrigin(c));
    const passwordHash = await hashPassword(input.password);
    const accountId = await db.transaction(async (tx) => {
      if (!(await consumeToken(tx, token, ['setup']))) return null;
      const organisationId = await organisations.connect(tx, input.clientName, input.apiKey);
      const role = await findRoleByKey(tx, organisationId, 'administrator');
      if (!role) throw new Error('administrator preset missing');
      return createAccount(tx, {
        organisationId,
        email: input.email,
        displayName: input.name,
        roleId: role.id,
        passwordHash,
      });
    });
    if (accountId === null) throw new NotFoundError('This setup link has just been used.');
    deps.log.info({ clientName: input.clientName }, 'organisation connected by setup');
    return startSession(c, deps, accountId, 'setup');
  });
}

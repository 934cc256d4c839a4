import type { LinkInfo } from '@/contract/links';
import { checkApiKey } from '../connection';
import { NotFoundError, ValidationError } from '../errors';
import { findRoleByKey } from '../permissions';
import { clientNameOfAccount, countAccounts, createAccount, setPasswordHash } from './account-store';
import type { AuthDeps } from './auth-deps';
import { consumeToken, issueToken, peekToken, retireSetupTokens } from './one-time-token-store';
import { PASSWORD_MIN_LENGTH, passwordProblem } from './password-policy';
import { hashPassword } from './passwords';
import { consumePersonLink, findPersonLink, LINK_GONE } from './person-links';

const SETUP_USED = 'This setup link has been used.';

/** Where a one-time link of each kind leads in the app. */
export function linkUrl(origin: string, kind: 'invite' | 'reset' | 'setup', token: string): string {
  return kind === 'setup' ? `${origin}/setup/${token}` : `${origin}/welcome/${token}`;
}

/**
 * Creates the one-time setup link of a fresh install (no account yet), valid until used; null when people
 * exist already. Printed at every start until someone uses it.
 */
export async function setupLinkIfFresh(deps: Pick<AuthDeps, 'db'>): Promise<string | null> {
  if ((await countAccounts(deps.db)) > 0) return null;
  await retireSetupTokens(deps.db);
  return (await issueToken(deps.db, 'setup')).token;
}

/** The first administrator and the organisation's connection, as the setup form sends them. */
export interface Setup {
  name: string;
  email: string;
  password: string;
  clientName: string;
  apiKey: string;
}

/** Why a new password is refused on its field (password-policy.ts), thrown as a 422. */
async function checkNewPassword(password: string, person: { email: string; name: string }): Promise<void> {
  const problem = await passwordProblem(password, person);
  if (problem) throw ValidationError.field('password', problem);
}

/**
 * One-time links: an invitation or password reset (the person sets a password here, or a passkey through
 * passkey-service.ts), and the setup of a fresh install (the first administrator and the organisation's
 * connection). Each answers the account to start a session for.
 */
export class LinkService {
  constructor(private readonly deps: Pick<AuthDeps, 'db' | 'sessions' | 'service' | 'organisations' | 'log'>) {}

  /** What the welcome page shows of an invitation or reset link, with the shortest password it takes. */
  async view(token: string): Promise<LinkInfo & { passwordMinLength: number }> {
    const link = await findPersonLink(this.deps.db, token);
    if (!link) throw new NotFoundError(LINK_GONE);
    const { account } = link;
    return {
      kind: link.token.kind === 'reset' ? 'reset' : 'invite',
      email: account.email,
      name: account.displayName,
      clientName: await clientNameOfAccount(this.deps.db, account.id),
      passwordMinLength: PASSWORD_MIN_LENGTH,
    };
  }

  /** A password from an invitation or reset link: the account it opens and the link's kind. */
  async setPassword(token: string, password: string): Promise<{ accountId: number; kind: 'invite' | 'reset' }> {
    const account = (await findPersonLink(this.deps.db, token))?.account;
    if (!account) throw new NotFoundError(LINK_GONE);
    await checkNewPassword(password, { email: account.email, name: account.displayName });
    const passwordHash = await hashPassword(password);
    const kind = await consumePersonLink(this.deps, token, account.id, (tx) =>
      setPasswordHash(tx, account.id, passwordHash),
    );
    return { accountId: account.id, kind };
  }

  /** Whether the setup link is still live (404 when it has been used). */
  async checkSetupLink(token: string): Promise<void> {
    if (!(await peekToken(this.deps.db, token, ['setup']))) throw new NotFoundError(SETUP_USED);
  }

  /**
   * Connects the organisation and creates its first administrator, once the service accepts the key: the
   * setup link is used up in the same transaction. The administrator's account.
   */
  async setup(token: string, input: Setup, origin: string): Promise<number> {
    const { db, organisations, log } = this.deps;
    await checkNewPassword(input.password, { email: input.email, name: input.name });
    await checkApiKey(this.deps.service, input.clientName, input.apiKey, origin);
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
    log.info({ clientName: input.clientName }, 'organisation connected by setup');
    return accountId;
  }
}

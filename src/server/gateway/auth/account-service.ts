import type { Account, EndedSessions, TotpEnrolment, TotpState } from '@/contract/account';
import { ConflictError, NotFoundError, UnauthorizedError, ValidationError } from '../errors';
import type { Principal } from '../principal';
import { disableTotp, enableTotp, findAccountById, setPasswordHash, setTotpSecret } from './account-store';
import type { AuthDeps } from './auth-deps';
import { listPasskeys } from './passkey-store';
import { passwordProblem } from './password-policy';
import { hashPassword, verifyPassword } from './passwords';
import { tooManyAttempts } from './sign-in-throttle';
import { newTotpSecret, totpSealContext, totpStep } from './totp';

/**
 * A person's own account: who they are, their sessions (see and end them), password and second factor.
 * Passkeys have a service of their own (passkey-service.ts).
 */
export class AccountService {
  constructor(private readonly deps: Pick<AuthDeps, 'db' | 'sessions' | 'vault' | 'throttle'>) {}

  /**
   * Whether `password` is the account's, counted as a sign-in attempt is (by address and by account): a signed-in
   * session left open — or taken — must not guess the password faster than the sign-in page lets anyone.
   */
  async #passwordMatches(principal: Principal, address: string, hash: string | null, password: string) {
    const reserved = await this.deps.throttle.reserve({ address, account: principal.email });
    if (!reserved.reserved) throw tooManyAttempts(reserved.retryAfter);
    const matches = await verifyPassword(hash, password);
    if (matches) await reserved.release();
    return matches;
  }

  async view(principal: Principal): Promise<Account> {
    const { db, sessions } = this.deps;
    const [account, own, passkeys] = await Promise.all([
      findAccountById(db, principal.accountId),
      sessions.listOwn(principal.accountId),
      listPasskeys(db, principal.accountId),
    ]);
    return {
      person: { id: principal.accountId, email: principal.email, name: principal.displayName },
      clientName: principal.clientName,
      role: { key: principal.role.key, name: principal.role.name, requireTotp: principal.role.requireTotp },
      passwordSet: Boolean(account?.passwordHash),
      totpEnabled: principal.totpEnabled,
      sessions: own.map((session) => ({ ...session, current: session.ref === principal.sessionRef })),
      passkeys,
    };
  }

  /** A new password, with the current one when the account has one; every other session ends. */
  async changePassword(
    principal: Principal,
    address: string,
    change: { currentPassword?: string | undefined; newPassword: string },
  ): Promise<EndedSessions> {
    const account = await findAccountById(this.deps.db, principal.accountId);
    if (!account) throw new UnauthorizedError('Not signed in');
    if (
      account.passwordHash &&
      !(await this.#passwordMatches(principal, address, account.passwordHash, change.currentPassword ?? ''))
    ) {
      throw ValidationError.field('currentPassword', 'This is not your current password');
    }
    const problem = await passwordProblem(change.newPassword, { email: principal.email, name: principal.displayName });
    if (problem) throw ValidationError.field('newPassword', problem);
    await setPasswordHash(this.deps.db, principal.accountId, await hashPassword(change.newPassword));
    // Whoever may have known the old password is signed out everywhere else.
    return this.endOtherSessions(principal);
  }

  async endSession(principal: Principal, ref: string): Promise<void> {
    if (!(await this.deps.sessions.endOwn(principal.accountId, ref))) throw new NotFoundError('No such session');
  }

  async endOtherSessions(principal: Principal): Promise<EndedSessions> {
    return { endedSessions: await this.deps.sessions.endAll(principal.accountId, principal.sessionRef) };
  }

  /** A new TOTP secret, shown to the person once, to scan or type into their authenticator app. */
  async startTotp(principal: Principal): Promise<TotpEnrolment> {
    if (principal.totpEnabled) throw new ConflictError('Two-step sign-in is already on. Turn it off first.');
    const { secret, uri } = newTotpSecret(principal.email);
    const sealed = this.deps.vault.seal(secret, totpSealContext(principal.accountId));
    await setTotpSecret(this.deps.db, principal.accountId, sealed);
    return { secret, uri };
  }

  /** Turns TOTP on with a current code of the secret just set up. */
  async confirmTotp(principal: Principal, code: string): Promise<TotpState> {
    const account = await findAccountById(this.deps.db, principal.accountId);
    if (!account?.totpSealed) throw new ConflictError('Start the set-up first.');
    if (account.totpEnabled) throw new ConflictError('Two-step sign-in is already on.');
    const step = totpStep(this.deps.vault.open(account.totpSealed, totpSealContext(account.id)), code);
    if (step === null) {
      throw ValidationError.field(
        'code',
        'That code is not right. Check the time on your phone and try the current code.',
      );
    }
    await enableTotp(this.deps.db, account.id, step);
    return { totpEnabled: true };
  }

  /**
   * Turns TOTP off, with the person's password (`readPassword`: read once the role is known not to require
   * TOTP, so that such a role answers 409 whatever is sent).
   */
  async turnOffTotp(principal: Principal, address: string, readPassword: () => Promise<string>): Promise<TotpState> {
    if (principal.role.requireTotp) throw new ConflictError('Your role requires two-step sign-in.');
    const password = await readPassword();
    const account = await findAccountById(this.deps.db, principal.accountId);
    if (!account || !(await this.#passwordMatches(principal, address, account.passwordHash, password))) {
      throw ValidationError.field('password', 'This is not your current password');
    }
    await disableTotp(this.deps.db, account.id);
    return { totpEnabled: false };
  }
}

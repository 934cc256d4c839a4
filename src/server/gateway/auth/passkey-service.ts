import { isIP } from 'node:net';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { PasskeySummary } from '@/contract/account';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../errors';
import { findAccountById, lockPasswordSet } from './account-store';
import type { AuthDeps } from './auth-deps';
import {
  credentialsOf,
  deletePasskey,
  findPasskey,
  insertPasskey,
  type NewPasskey,
  passkeysBesides,
  recordPasskeyUse,
  renamePasskey,
  type StoredPasskey,
} from './passkey-store';
import { consumePersonLink, findPersonLink, LINK_GONE } from './person-links';
import type { SignInAttempt } from './sign-in-service';
import { tooManyAttempts } from './sign-in-throttle';
import { storeChallenge, takeChallenge } from './webauthn-challenge-store';

const RP_NAME = 'Foyer';
const CEREMONY_TIMEOUT_MS = 5 * 60 * 1000;
const CEREMONY_EXPIRED = 'The passkey request has expired. Try again.';
const PASSKEY_TAKEN = 'This passkey is registered already.';

/** A ceremony's options, with the id of its stored challenge (the answer names it back). */
export interface Ceremony<Options> {
  challengeId: string;
  options: Options;
}

/** A registration answer as the route accepts it: its shape checked there, in depth by @simplewebauthn/server. */
export interface PasskeyRegistration {
  challengeId: string;
  name: string;
  response: unknown;
}

/** An authentication answer as the route accepts it (as for a registration). */
export interface PasskeyAuthentication {
  challengeId: string;
  response: unknown;
}

/** Who signs in with a passkey: the origin their browser came to, their address, and where a failure is recorded. */
export interface PasskeySignIn extends SignInAttempt {
  origin: string;
}

/** The WebAuthn user handle of an account: its id, so a discoverable passkey names whose it is. */
const userHandleOf = (accountId: number) => new TextEncoder().encode(`foyer-account:${accountId}`);

/**
 * The relying party is this server as the browser sees it: the origin the request came to (behind a proxy,
 * the one it reports) and its host name as the RP ID. A passkey is bound to that name, so it works for
 * `localhost` or a domain — not for a bare IP address, which WebAuthn does not accept as an RP ID.
 */
const relyingParty = (origin: string) => ({ origin, rpID: new URL(origin).hostname });

/** Browsers refuse an IP address as RP ID: say so, rather than leave the person with the browser's error. */
function refuseAddressOnly(origin: string): void {
  const host = relyingParty(origin).rpID.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    throw new ConflictError(
      `Passkeys need this site to be opened by its name, not by an IP address (for example http://localhost instead of http://${host}).`,
    );
  }
}

/**
 * Passkeys (WebAuthn) as a way in of their own: a person adds them on the account page, or instead of a
 * password from an invitation or reset link, and then signs in with one alone — no email typed, no password
 * (discoverable credentials). Challenges live in the database, each used once.
 */
export class PasskeyService {
  constructor(private readonly deps: Pick<AuthDeps, 'db' | 'throttle' | 'log' | 'sessions'>) {}

  /** Registration options for an account, with a stored challenge; the account's passkeys are excluded. */
  async registrationOptions(
    origin: string,
    account: { id: number; email: string; displayName: string },
  ): Promise<Ceremony<PublicKeyCredentialCreationOptionsJSON>> {
    refuseAddressOnly(origin);
    const { rpID } = relyingParty(origin);
    const existing = await credentialsOf(this.deps.db, account.id);
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID,
      userID: userHandleOf(account.id),
      userName: account.email,
      userDisplayName: account.displayName,
      timeout: CEREMONY_TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((row) => ({ id: row.id, transports: row.transports })),
      // Discoverable, so sign-in needs no email; user verification is required because a passkey sign-in
      // asks no second factor (see signIn): a passkey that cannot verify its person is no use here.
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
    });
    const challengeId = await storeChallenge(this.deps.db, options.challenge, 'register', account.id);
    return { challengeId, options };
  }

  /** Adds a passkey to the signed-in person's account. */
  async add(origin: string, accountId: number, registration: PasskeyRegistration): Promise<PasskeySummary> {
    const stored = await insertPasskey(this.deps.db, await this.verifyRegistration(origin, accountId, registration));
    if (!stored) throw new ConflictError(PASSKEY_TAKEN);
    this.deps.log.info({ accountId }, 'passkey added');
    return stored;
  }

  async rename(accountId: number, passkeyId: string, name: string): Promise<PasskeySummary> {
    const renamed = await renamePasskey(this.deps.db, accountId, passkeyId, name);
    if (!renamed) throw new NotFoundError('No such passkey');
    return renamed;
  }

  async remove(accountId: number, passkeyId: string): Promise<void> {
    const removed = await this.deps.db.transaction(async (tx) => {
      const passwordSet = await lockPasswordSet(tx, accountId);
      const passkeys = await passkeysBesides(tx, accountId, passkeyId);
      if (passwordSet === null || !passkeys.own) return 'missing' as const;
      // Never the last way in: without a password, one passkey must stay.
      if (!passwordSet && passkeys.others === 0) return 'last' as const;
      await deletePasskey(tx, accountId, passkeyId);
      return 'removed' as const;
    });
    if (removed === 'missing') throw new NotFoundError('No such passkey');
    if (removed === 'last') throw new ConflictError('This passkey is your only way to sign in. Set a password first.');
    this.deps.log.info({ accountId }, 'passkey removed');
  }

  /** The options of a sign-in with a passkey alone, unless the address has tried too often. */
  async signInOptions(origin: string, address: string): Promise<Ceremony<PublicKeyCredentialRequestOptionsJSON>> {
    const wait = await this.deps.throttle.retryAfter({ address });
    if (wait !== null) throw tooManyAttempts(wait);
    refuseAddressOnly(origin);
    const { rpID } = relyingParty(origin);
    // No allowCredentials: the browser offers the passkeys it holds for this site, so no email is asked.
    const options = await generateAuthenticationOptions({
      rpID,
      timeout: CEREMONY_TIMEOUT_MS,
      userVerification: 'required',
    });
    const challengeId = await storeChallenge(this.deps.db, options.challenge, 'authenticate', null);
    return { challengeId, options };
  }

  /** Checks a sign-in with a passkey alone: the account it opens, or a refusal (recorded). */
  async signIn(person: PasskeySignIn, authentication: PasskeyAuthentication): Promise<number> {
    const { db, throttle, log } = this.deps;
    // Reserved before the passkey is checked: the reservation is the failure's count, given back on success.
    const attempt = await throttle.reserve({ address: person.address });
    if (!attempt.reserved) throw tooManyAttempts(attempt.retryAfter);
    let knownAccount: number | null = null;
    const refuse = async (message: string, reason: string): Promise<never> => {
      await person.recordFailure({ accountId: knownAccount, email: null, method: 'passkey', reason });
      log.info({ address: person.address, reason }, 'passkey sign-in refused');
      throw new UnauthorizedError(message);
    };

    const taken = await takeChallenge(db, authentication.challengeId, 'authenticate');
    if (!taken) return refuse(CEREMONY_EXPIRED, 'unknown or expired challenge');
    const response = authentication.response as AuthenticationResponseJSON;
    const passkey = await findPasskey(db, response.id);
    if (!passkey) return refuse('This passkey is not known here. Sign in with your password, then add it.', 'unknown');
    const { accountId } = passkey;
    knownAccount = accountId;
    // The user handle the authenticator returns must name the passkey's own account.
    const handle = response.response.userHandle;
    if (handle && handle !== Buffer.from(userHandleOf(accountId)).toString('base64url')) {
      return refuse('This passkey is not known here.', 'user handle differs');
    }
    try {
      await this.verifyAssertion(person.origin, taken.challenge, passkey, response);
    } catch (error) {
      return refuse('This passkey could not be verified. Try again.', (error as Error).message);
    }

    await attempt.release();
    const account = await findAccountById(db, accountId);
    // Told only to the holder of the passkey, as after a correct password.
    if (!account || account.disabled) {
      await person.recordFailure({
        accountId: account ? accountId : null,
        email: null,
        method: 'passkey',
        reason: 'account disabled',
        status: 403,
      });
      throw new ForbiddenError('This account is disabled. Ask an administrator.');
    }
    // No TOTP step even when the account has one, and a role's two-step requirement is met (second-factor.ts):
    // the passkey is something the person has, and the required user verification (PIN, fingerprint, face)
    // something they know or are — two factors in one gesture.
    return accountId;
  }

  /** Registration options for the account of an invitation or reset link. */
  async linkRegistrationOptions(
    origin: string,
    token: string,
  ): Promise<Ceremony<PublicKeyCredentialCreationOptionsJSON>> {
    return this.registrationOptions(origin, await this.linkAccount(token));
  }

  /**
   * A passkey instead of a password, from an invitation or reset link: the account it opens and the link's kind.
   * The link is used up in the same transaction that stores its passkey: both or neither.
   */
  async registerFromLink(
    origin: string,
    token: string,
    registration: PasskeyRegistration,
  ): Promise<{ accountId: number; kind: 'invite' | 'reset' }> {
    const { log } = this.deps;
    const account = await this.linkAccount(token);
    const passkey = await this.verifyRegistration(origin, account.id, registration);
    const kind = await consumePersonLink(this.deps, token, account.id, async (tx) => {
      if (!(await insertPasskey(tx, passkey))) throw new ConflictError(PASSKEY_TAKEN);
    });
    log.info({ accountId: account.id, kind }, 'passkey added from a link');
    return { accountId: account.id, kind };
  }

  /** The account an invitation or reset link is for; a link used, expired or unknown is gone. */
  private async linkAccount(token: string) {
    const account = (await findPersonLink(this.deps.db, token))?.account;
    if (!account) throw new NotFoundError(LINK_GONE);
    return account;
  }

  /** Verifies a sign-in answer with the stored passkey and records its use; throws when it does not verify. */
  private async verifyAssertion(
    browserOrigin: string,
    challenge: string,
    passkey: StoredPasskey,
    response: AuthenticationResponseJSON,
  ): Promise<void> {
    const { origin, rpID } = relyingParty(browserOrigin);
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.id,
        publicKey: passkey.publicKey,
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: true,
    });
    if (!verification.verified) throw new Error('not verified');
    await recordPasskeyUse(this.deps.db, passkey.id, {
      counter: verification.authenticationInfo.newCounter,
      backedUp: verification.authenticationInfo.credentialBackedUp,
    });
  }

  /** Verifies a registration answer against the account's stored challenge: the passkey to store, or a refusal. */
  private async verifyRegistration(origin: string, accountId: number, input: PasskeyRegistration): Promise<NewPasskey> {
    const taken = await takeChallenge(this.deps.db, input.challengeId, 'register', accountId);
    if (!taken) throw new ConflictError(CEREMONY_EXPIRED);
    const rp = relyingParty(origin);
    try {
      const verification = await verifyRegistrationResponse({
        response: input.response as RegistrationResponseJSON,
        expectedChallenge: taken.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpID,
        requireUserVerification: true,
      });
      if (!verification.verified) throw new Error('not verified');
      const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
      return {
        id: credential.id,
        accountId,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: credential.transports ?? [],
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
        name: input.name,
      };
    } catch (error) {
      this.deps.log.info({ accountId, reason: (error as Error).message }, 'passkey registration refused');
      throw new ValidationError('This passkey could not be verified. Try again.');
    }
  }
}

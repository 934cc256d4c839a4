import { isIP } from 'node:net';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Context } from 'hono';
import { z } from 'zod';
import type { PasskeySummary } from '@/contract/account';
import type { Queryable } from '../../db/database';
import { type GatewayDeps, type GatewayEnv, peerAddress, type SecuredRoutes } from '../access';
import { recordSignInFailure } from '../audit/sign-in-audit';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../errors';
import { parseBody } from '../request-input';
import { requestOrigin } from '../same-origin';
import { acceptAccount, EMAIL_TAKEN_ELSEWHERE_MESSAGE, findAccountById, isEmailTakenElsewhere } from './accounts';
import { consumeToken } from './one-time-tokens';
import { findPersonLink, LINK_GONE } from './person-links';
import { startSession } from './session-routes';
import { tooManyAttempts } from './sign-in-throttle';
import { storeChallenge, takeChallenge } from './webauthn-challenges';

const RP_NAME = 'Foyer';
const CEREMONY_TIMEOUT_MS = 5 * 60 * 1000;
export const PASSKEY_NAME_MAX_LENGTH = 100;

/** A credential as the browser sends it: checked for shape here, and in depth by @simplewebauthn/server. */
const credentialShape = z.looseObject({
  id: z.string().min(1).max(1400),
  rawId: z.string().min(1).max(1400),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().min(1) }),
  clientExtensionResults: z.looseObject({}).optional().default({}),
});

const challengeId = z.string().min(1, 'Start again').max(100);
const passkeyName = z
  .string()
  .trim()
  .min(1, 'Give the passkey a name')
  .max(PASSKEY_NAME_MAX_LENGTH, `At most ${PASSKEY_NAME_MAX_LENGTH} characters`);

const registrationSchema = z.object({
  challengeId,
  name: passkeyName,
  response: credentialShape.extend({
    response: z.looseObject({ clientDataJSON: z.string(), attestationObject: z.string() }),
  }),
});
const authenticationSchema = z.object({
  challengeId,
  response: credentialShape.extend({
    response: z.looseObject({ clientDataJSON: z.string(), authenticatorData: z.string(), signature: z.string() }),
  }),
});
const renameSchema = z.object({ name: passkeyName });

/** The WebAuthn user handle of an account: its id, so a discoverable passkey names whose it is. */
const userHandleOf = (accountId: number) => new TextEncoder().encode(`foyer-account:${accountId}`);

/**
 * The relying party is this server as the browser sees it: the origin the request came to (behind a proxy,
 * the one it reports) and its host name as the RP ID. A passkey is bound to that name, so it works for
 * `localhost` or a domain — not for a bare IP address, which WebAuthn does not accept as an RP ID.
 */
function relyingParty(c: Context) {
  const origin = requestOrigin(c);
  return { origin, rpID: new URL(origin).hostname };
}

/** Browsers refuse an IP address as RP ID: say so, rather than leave the person with the browser's error. */
function refuseAddressOnly(c: Context): void {
  const host = relyingParty(c).rpID.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    throw new ConflictError(
      `Passkeys need this site to be opened by its name, not by an IP address (for example http://localhost instead of http://${host}).`,
    );
  }
}

const CEREMONY_EXPIRED = 'The passkey request has expired. Try again.';
const PASSKEY_TAKEN = 'This passkey is registered already.';

interface StoredPasskey {
  id: string;
  account_id: string;
  public_key: Uint8Array;
  counter: string;
  transports: string[];
}

/**
 * Passkeys (WebAuthn) as a way in of their own: a person adds them on the account page, or instead of a
 * password from an invitation or reset link, and then signs in with one alone — no email typed, no password
 * (discoverable credentials). Challenges live in the database, each used once.
 */
export function registerPasskeyRoutes(routes: SecuredRoutes, deps: GatewayDeps): void {
  const { db, throttle, log, sessions } = deps;
  const addressOf = deps.clientAddress ?? peerAddress;

  /** Registration options for an account, with a stored challenge; the account's passkeys are excluded. */
  async function registrationOptions(c: Context<GatewayEnv>, accountId: number, email: string, name: string) {
    refuseAddressOnly(c);
    const { rpID } = relyingParty(c);
    const existing = await db.query<{ id: string; transports: string[] }>(
      'select id, transports from gateway.passkeys where account_id = $1',
      [accountId],
    );
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID,
      userID: userHandleOf(accountId),
      userName: email,
      userDisplayName: name,
      timeout: CEREMONY_TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: existing.rows.map((row) => ({ id: row.id, transports: row.transports })),
      // Discoverable, so sign-in needs no email; user verification is required because a passkey sign-in
      // asks no second factor (see the sign-in below): a passkey that cannot verify its person is no use here.
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
    });
    const id = await storeChallenge(db, options.challenge, 'register', accountId);
    return c.json({ challengeId: id, options }, 200);
  }

  /** Verifies a registration answer against the account's stored challenge: the passkey to store, or a refusal. */
  async function verifyRegistration(
    c: Context<GatewayEnv>,
    accountId: number,
    input: z.infer<typeof registrationSchema>,
  ): Promise<NewPasskey> {
    const taken = await takeChallenge(db, input.challengeId, 'register', accountId);
    if (!taken) throw new ConflictError(CEREMONY_EXPIRED);
    const { origin, rpID } = relyingParty(c);
    try {
      const verification = await verifyRegistrationResponse({
        response: input.response as unknown as RegistrationResponseJSON,
        expectedChallenge: taken.challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
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
      log.info({ accountId, reason: (error as Error).message }, 'passkey registration refused');
      throw new ValidationError('This passkey could not be verified. Try again.');
    }
  }

  // --- On the account page -----------------------------------------------------------------------------

  routes.declare('POST', '/account/passkeys/options', 'signed-in', (c) => {
    const principal = c.get('principal');
    return registrationOptions(c, principal.accountId, principal.email, principal.displayName);
  });

  routes.declare('POST', '/account/passkeys', 'signed-in', async (c) => {
    const principal = c.get('principal');
    const registration = await parseBody(c, registrationSchema);
    const stored = await insertPasskey(db, await verifyRegistration(c, principal.accountId, registration));
    if (!stored) throw new ConflictError(PASSKEY_TAKEN);
    log.info({ accountId: principal.accountId }, 'passkey added');
    return c.json(stored, 201);
  });

  routes.declare('PATCH', '/account/passkeys/:id', 'signed-in', async (c) => {
    const { name } = await parseBody(c, renameSchema);
    const { rows } = await db.query<PasskeyRow>(
      `update gateway.passkeys set name = $3 where id = $1 and account_id = $2
       returning id, name, created_at, last_used_at`,
      [c.req.param('id') ?? '', c.get('principal').accountId, name],
    );
    if (!rows[0]) throw new NotFoundError('No such passkey');
    return c.json(passkeyView(rows[0]), 200);
  });

  routes.declare('DELETE', '/account/passkeys/:id', 'signed-in', async (c) => {
    const principal = c.get('principal');
    const removed = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ password_set: boolean; others: number; own: boolean }>(
        `select a.password_hash is not null as password_set,
                (select count(*)::int from gateway.passkeys p where p.account_id = a.id and p.id <> $2) as others,
                exists (select 1 from gateway.passkeys p where p.account_id = a.id and p.id = $2) as own
           from gateway.accounts a where a.id = $1 for update`,
        [principal.accountId, c.req.param('id') ?? ''],
      );
      const state = rows[0];
      if (!state?.own) return 'missing' as const;
      // Never the last way in: without a password, one passkey must stay.
      if (!state.password_set && state.others === 0) return 'last' as const;
      await tx.query('delete from gateway.passkeys where id = $1 and account_id = $2', [
        c.req.param('id') ?? '',
        principal.accountId,
      ]);
      return 'removed' as const;
    });
    if (removed === 'missing') throw new NotFoundError('No such passkey');
    if (removed === 'last') throw new ConflictError('This passkey is your only way to sign in. Set a password first.');
    log.info({ accountId: principal.accountId }, 'passkey removed');
    return c.body(null, 204);
  });

  // --- Sign-in with a passkey alone ------------------------------------------------------------------------

  routes.declare('POST', '/session/passkey/options', 'public', async (c) => {
    const wait = await throttle.retryAfter({ address: addressOf(c) });
    if (wait !== null) throw tooManyAttempts(wait);
    refuseAddressOnly(c);
    const { rpID } = relyingParty(c);
    // No allowCredentials: the browser offers the passkeys it holds for this site, so no email is asked.
    const options = await generateAuthenticationOptions({
      rpID,
      timeout: CEREMONY_TIMEOUT_MS,
      userVerification: 'required',
    });
    const id = await storeChallenge(db, options.challenge, 'authenticate', null);
    return c.json({ challengeId: id, options }, 200);
  });

  routes.declare('POST', '/session/passkey', 'public', async (c) => {
    const address = addressOf(c);
    const authentication = await parseBody(c, authenticationSchema);
    // Reserved before the passkey is checked: the reservation is the failure's count, given back on success.
    const attempt = await throttle.reserve({ address });
    if (!attempt.reserved) throw tooManyAttempts(attempt.retryAfter);
    let knownAccount: number | null = null;
    const refuse = async (message: string, reason: string): Promise<never> => {
      await recordSignInFailure(db, c, { accountId: knownAccount, email: null, method: 'passkey', reason });
      log.info({ address, reason }, 'passkey sign-in refused');
      throw new UnauthorizedError(message);
    };

    const taken = await takeChallenge(db, authentication.challengeId, 'authenticate');
    if (!taken) return refuse(CEREMONY_EXPIRED, 'unknown or expired challenge');
    const response = authentication.response as unknown as AuthenticationResponseJSON;
    const { rows } = await db.query<StoredPasskey>(
      'select id, account_id, public_key, counter, transports from gateway.passkeys where id = $1',
      [response.id],
    );
    const passkey = rows[0];
    if (!passkey) return refuse('This passkey is not known here. Sign in with your password, then add it.', 'unknown');
    const accountId = Number(passkey.account_id);
    knownAccount = accountId;
    // The user handle the authenticator returns must name the passkey's own account.
    const handle = response.response.userHandle;
    if (handle && handle !== Buffer.from(userHandleOf(accountId)).toString('base64url')) {
      return refuse('This passkey is not known here.', 'user handle differs');
    }
    const { origin, rpID } = relyingParty(c);
    try {
      const verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: taken.challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: passkey.id,
          publicKey: new Uint8Array(passkey.public_key),
          counter: Number(passkey.counter),
          transports: passkey.transports,
        },
        requireUserVerification: true,
      });
      if (!verification.verified) throw new Error('not verified');
      await db.query(`update gateway.passkeys set counter = $2, backed_up = $3, last_used_at = now() where id = $1`, [
        passkey.id,
        verification.authenticationInfo.newCounter,
        verification.authenticationInfo.credentialBackedUp,
      ]);
    } catch (error) {
      return refuse('This passkey could not be verified. Try again.', (error as Error).message);
    }

    await attempt.release();
    const account = await findAccountById(db, accountId);
    // Told only to the holder of the passkey, as after a correct password.
    if (!account || account.disabled) {
      await recordSignInFailure(db, c, {
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
    return startSession(c, deps, accountId, 'passkey');
  });

  // --- From an invitation or reset link, instead of a password ---------------------------------------------

  const linkAccount = async (token: string) => (await findPersonLink(db, token))?.account ?? null;

  routes.declare('POST', '/links/:token/passkey/options', 'public', async (c) => {
    const account = await linkAccount(c.req.param('token') ?? '');
    if (!account) throw new NotFoundError(LINK_GONE);
    return registrationOptions(c, account.id, account.email, account.displayName);
  });

  routes.declare('POST', '/links/:token/passkey', 'public', async (c) => {
    const token = c.req.param('token') ?? '';
    const registration = await parseBody(c, registrationSchema);
    const account = await linkAccount(token);
    if (!account) throw new NotFoundError(LINK_GONE);
    const passkey = await verifyRegistration(c, account.id, registration);
    // The link is used up in the same transaction that stores its passkey: both or neither.
    const used = await db
      .transaction(async (tx) => {
        const consumed = await consumeToken(tx, token, ['invite', 'reset']);
        if (!consumed) return null;
        if (!(await insertPasskey(tx, passkey))) throw new ConflictError(PASSKEY_TAKEN);
        await acceptAccount(tx, account.id);
        return consumed;
      })
      .catch((error: unknown) => {
        if (isEmailTakenElsewhere(error)) throw new ConflictError(EMAIL_TAKEN_ELSEWHERE_MESSAGE);
        throw error;
      });
    if (!used) throw new NotFoundError('This link has just been used.');
    // A reset ends every session opened before it.
    if (used.kind === 'reset') await sessions.endAll(account.id);
    log.info({ accountId: account.id, kind: used.kind }, 'passkey added from a link');
    return startSession(c, deps, account.id, used.kind === 'reset' ? 'reset' : 'invitation');
  });
}

interface NewPasskey {
  id: string;
  accountId: number;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
  name: string;
}

interface PasskeyRow {
  id: string;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

/** As GET /api/account lists them. */
function passkeyView(row: PasskeyRow): PasskeySummary {
  return {
    id: row.id,
    name: row.name,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
  };
}

/** Stores a verified passkey; null when that credential is registered already (to anyone). */
async function insertPasskey(db: Queryable, passkey: NewPasskey) {
  const { rows } = await db.query<PasskeyRow>(
    `insert into gateway.passkeys (id, account_id, public_key, counter, transports, device_type, backed_up, name)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (id) do nothing
     returning id, name, created_at, last_used_at`,
    [
      passkey.id,
      passkey.accountId,
      Buffer.from(passkey.publicKey),
      passkey.counter,
      passkey.transports,
      passkey.deviceType,
      passkey.backedUp,
      passkey.name,
    ],
  );
  return rows[0] ? passkeyView(rows[0]) : null;
}

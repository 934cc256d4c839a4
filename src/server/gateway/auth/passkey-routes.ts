import type { Context } from 'hono';
import { z } from 'zod';
import type { PasskeySummary } from '@/contract/account';
import { type GatewayEnv, peerAddress, type SecuredRoutes } from '../access';
import { parseBody } from '../request-input';
import { requestOrigin } from '../same-origin';
import type { AuthDeps } from './auth-deps';
import { PasskeyService, type PasskeySignIn } from './passkey-service';
import { answerSignIn } from './sign-in-answer';
import { signInAttemptOf } from './sign-in-service';

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

/**
 * The routes of passkeys (the rules: passkey-service.ts): added on the account page or from an invitation or
 * reset link, and a sign-in with one alone.
 */
export function registerPasskeyRoutes(routes: SecuredRoutes, deps: AuthDeps): void {
  const passkeys = new PasskeyService(deps);
  const addressOf = deps.clientAddress ?? peerAddress;
  const signInOf = (c: Context<GatewayEnv>): PasskeySignIn => ({
    ...signInAttemptOf(deps, c),
    origin: requestOrigin(c),
  });

  // --- On the account page -----------------------------------------------------------------------------

  routes.declare('POST', '/account/passkeys/options', 'signed-in', async (c) => {
    const { accountId: id, email, displayName } = c.get('principal');
    return c.json(await passkeys.registrationOptions(requestOrigin(c), { id, email, displayName }), 200);
  });

  routes.declare('POST', '/account/passkeys', 'signed-in', async (c) => {
    const registration = await parseBody(c, registrationSchema);
    const added = await passkeys.add(requestOrigin(c), c.get('principal').accountId, registration);
    return c.json(added satisfies PasskeySummary, 201);
  });

  routes.declare('PATCH', '/account/passkeys/:id', 'signed-in', async (c) => {
    const { name } = await parseBody(c, renameSchema);
    const renamed = await passkeys.rename(c.get('principal').accountId, c.req.param('id') ?? '', name);
    return c.json(renamed satisfies PasskeySummary, 200);
  });

  routes.declare('DELETE', '/account/passkeys/:id', 'signed-in', async (c) => {
    await passkeys.remove(c.get('principal').accountId, c.req.param('id') ?? '');
    return c.body(null, 204);
  });

  // --- Sign-in with a passkey alone ------------------------------------------------------------------------

  routes.declare('POST', '/session/passkey/options', 'public', async (c) =>
    c.json(await passkeys.signInOptions(requestOrigin(c), addressOf(c)), 200),
  );

  routes.declare('POST', '/session/passkey', 'public', async (c) => {
    const authentication = await parseBody(c, authenticationSchema);
    const accountId = await passkeys.signIn(signInOf(c), authentication);
    return answerSignIn(c, deps, accountId, 'passkey');
  });

  // --- From an invitation or reset link, instead of a password ---------------------------------------------

  routes.declare('POST', '/links/:token/passkey/options', 'public', async (c) =>
    c.json(await passkeys.linkRegistrationOptions(requestOrigin(c), c.req.param('token') ?? ''), 200),
  );

  routes.declare('POST', '/links/:token/passkey', 'public', async (c) => {
    const registration = await parseBody(c, registrationSchema);
    const { accountId, kind } = await passkeys.registerFromLink(
      requestOrigin(c),
      c.req.param('token') ?? '',
      registration,
    );
    return answerSignIn(c, deps, accountId, kind === 'reset' ? 'reset' : 'invitation');
  });
}

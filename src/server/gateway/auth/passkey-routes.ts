import type { Context } from 'hono';
import {
  type PasskeySummary,
  passkeyAuthenticationSchema,
  passkeyRegistrationSchema,
  passkeyRenameSchema,
} from '@/contract/account';
import { type GatewayEnv, peerAddress, type SecuredRoutes } from '../access';
import { parseBody } from '../request-input';
import { requestOrigin } from '../same-origin';
import type { AuthDeps } from './auth-deps';
import { PasskeyService, type PasskeySignIn } from './passkey-service';
import { answerSignIn } from './sign-in-answer';
import { signInAttemptOf } from './sign-in-service';

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
    const registration = await parseBody(c, passkeyRegistrationSchema);
    const added = await passkeys.add(requestOrigin(c), c.get('principal').accountId, registration);
    return c.json(added satisfies PasskeySummary, 201);
  });

  routes.declare('PATCH', '/account/passkeys/:id', 'signed-in', async (c) => {
    const { name } = await parseBody(c, passkeyRenameSchema);
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
    const authentication = await parseBody(c, passkeyAuthenticationSchema);
    const accountId = await passkeys.signIn(signInOf(c), authentication);
    return answerSignIn(c, deps, accountId, 'passkey');
  });

  // --- From an invitation or reset link, instead of a password ---------------------------------------------

  routes.declare('POST', '/links/:token/passkey/options', 'public', async (c) =>
    c.json(await passkeys.linkRegistrationOptions(requestOrigin(c), c.req.param('token') ?? ''), 200),
  );

  routes.declare('POST', '/links/:token/passkey', 'public', async (c) => {
    const registration = await parseBody(c, passkeyRegistrationSchema);
    const { accountId, kind } = await passkeys.registerFromLink(
      requestOrigin(c),
      c.req.param('token') ?? '',
      registration,
    );
    return answerSignIn(c, deps, accountId, kind === 'reset' ? 'reset' : 'invitation');
  });
}

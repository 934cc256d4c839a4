import { linkPasswordSchema, setupRequestSchema } from '@/contract/links';
import type { SecuredRoutes } from '../access';
import { parseBody } from '../request-input';
import { requestOrigin } from '../same-origin';
import type { AuthDeps } from './auth-deps';
import { LinkService } from './link-service';
import { PASSWORD_MIN_LENGTH } from './password-policy';
import { answerSignIn } from './sign-in-answer';

/**
 * The routes of one-time links (the rules: link-service.ts): an invitation or password reset
 * (`/welcome/<token>` in the app; a passkey instead of a password through passkey-routes.ts), and the setup of
 * a fresh install (`/setup/<token>`).
 */
export function registerLinkRoutes(routes: SecuredRoutes, deps: AuthDeps): void {
  const links = new LinkService(deps);

  routes.declare('GET', '/links/:token', 'public', async (c) => c.json(await links.view(c.req.param('token') ?? '')));

  routes.declare('POST', '/links/:token/password', 'public', async (c) => {
    const { password } = await parseBody(c, linkPasswordSchema);
    const { accountId, kind } = await links.setPassword(c.req.param('token') ?? '', password);
    return answerSignIn(c, deps, accountId, kind === 'reset' ? 'reset' : 'invitation');
  });

  routes.declare('GET', '/setup/:token', 'public', async (c) => {
    await links.checkSetupLink(c.req.param('token') ?? '');
    return c.json({ valid: true, passwordMinLength: PASSWORD_MIN_LENGTH });
  });

  routes.declare('POST', '/setup/:token', 'public', async (c) => {
    const token = c.req.param('token') ?? '';
    await links.checkSetupLink(token);
    const input = await parseBody(c, setupRequestSchema);
    return answerSignIn(c, deps, await links.setup(token, input, requestOrigin(c)), 'setup');
  });
}

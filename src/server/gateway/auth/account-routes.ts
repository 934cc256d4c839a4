import type { Context } from 'hono';
import {
  type Account,
  type EndedSessions,
  passwordChangeSchema,
  passwordConfirmationSchema,
  type TotpEnrolment,
  type TotpState,
  totpCodeSchema,
} from '@/contract/account';
import type { SecuredRoutes } from '../access';
import { parseBody } from '../request-input';
import { AccountService } from './account-service';
import type { AuthDeps } from './auth-deps';

/**
 * The routes of a person's own account (the rules: account-service.ts). Passkeys have routes of their own
 * (passkey-routes.ts).
 */
export function registerAccountRoutes(
  routes: SecuredRoutes,
  deps: AuthDeps & { clientAddressOf(c: Context): string },
): void {
  const accounts = new AccountService(deps);

  routes.declare('GET', '/account', 'signed-in', async (c) =>
    c.json((await accounts.view(c.get('principal'))) satisfies Account),
  );

  routes.declare('PUT', '/account/password', 'signed-in', async (c) => {
    const change = await parseBody(c, passwordChangeSchema);
    return c.json(
      (await accounts.changePassword(c.get('principal'), deps.clientAddressOf(c), change)) satisfies EndedSessions,
      200,
    );
  });

  routes.declare('DELETE', '/account/sessions/:ref', 'signed-in', async (c) => {
    await accounts.endSession(c.get('principal'), c.req.param('ref') ?? '');
    return c.body(null, 204);
  });

  routes.declare('POST', '/account/sessions/end-others', 'signed-in', async (c) =>
    c.json((await accounts.endOtherSessions(c.get('principal'))) satisfies EndedSessions, 200),
  );

  routes.declare('POST', '/account/totp/setup', 'signed-in', async (c) =>
    c.json((await accounts.startTotp(c.get('principal'))) satisfies TotpEnrolment, 200),
  );

  routes.declare('POST', '/account/totp/confirm', 'signed-in', async (c) => {
    const { code } = await parseBody(c, totpCodeSchema);
    return c.json((await accounts.confirmTotp(c.get('principal'), code)) satisfies TotpState, 200);
  });

  routes.declare('DELETE', '/account/totp', 'signed-in', async (c) => {
    const readPassword = async () => (await parseBody(c, passwordConfirmationSchema)).password;
    return c.json(
      (await accounts.turnOffTotp(c.get('principal'), deps.clientAddressOf(c), readPassword)) satisfies TotpState,
      200,
    );
  });
}

import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { SSO_CALLBACK_PATH, type SsoProviders, type SsoSettings, ssoSettingsRequestSchema } from '@/contract/sso';
import { type GatewayEnv, isHttps, type SecuredRoutes } from '../access';
import { recordAudit, recordRequestAudit, recordSignInFailure } from '../audit';
import { type AuthDeps, answerSignIn } from '../auth';
import { GatewayError, OUTSIDE_NETWORKS } from '../errors';
import { parseBody } from '../request-input';
import { requestOrigin } from '../same-origin';
import { type SsoDeps, SsoRefusal, SsoService } from './sso-service';

const staffManagers = { permission: 'staff:manage' } as const;
/**
 * The flow's state, in this browser: the answer must come back to the browser that started it (no one else's
 * sign-in can be pushed into it). SameSite=Lax, since the provider sends the browser back from its own site.
 */
const FLOW_COOKIE = 'foyer_sso_flow';

const redirectUriOf = (c: Context) => `${requestOrigin(c)}${SSO_CALLBACK_PATH}`;

/** A path of this app to go on to after signing in (as the sign-in page's `next`); anything else is dropped. */
const safeNext = (value: string | undefined) =>
  value && /^\/(?!\/)[^\\\s]*$/.test(value) && !value.startsWith('/api/') ? value.slice(0, 500) : null;

/**
 * Single sign-on: the providers of the sign-in page, the way there and back (`/api/sso/start/{client}`, the
 * callback), and the organisation's settings (staff:manage). The client secret goes in and never comes out.
 */
export function registerSsoRoutes(
  routes: SecuredRoutes,
  deps: SsoDeps & AuthDeps & { clientAddressOf(c: Context): string },
): void {
  const sso = new SsoService(deps);

  routes.declare('GET', '/sso/providers', 'public', async (c) =>
    c.json({ providers: await sso.providers() } satisfies SsoProviders),
  );

  routes.declare('GET', '/sso/start/:clientName', 'public', async (c) => {
    try {
      const { url, state } = await sso.start(
        c.req.param('clientName') ?? '',
        redirectUriOf(c),
        safeNext(c.req.query('next')),
      );
      setCookie(c, FLOW_COOKIE, state, {
        path: '/api/sso',
        httpOnly: true,
        sameSite: 'Lax',
        secure: isHttps(c),
        maxAge: 10 * 60,
      });
      return c.redirect(url.href, 302);
    } catch (failure) {
      if (!(failure instanceof SsoRefusal)) deps.log.warn({ err: failure }, 'single sign-on could not start');
      return c.redirect(`/sign-in?sso=${failure instanceof SsoRefusal ? failure.kind : 'provider-error'}`, 302);
    }
  });

  routes.declare('GET', '/sso/callback', 'public', async (c: Context<GatewayEnv>) => {
    const browserState = getCookie(c, FLOW_COOKIE);
    deleteCookie(c, FLOW_COOKIE, { path: '/api/sso', httpOnly: true, sameSite: 'Lax', secure: isHttps(c) });
    const reserved = await deps.throttle.reserve({ address: deps.clientAddressOf(c) });
    if (!reserved.reserved) return c.redirect('/sign-in?sso=throttled', 302);
    const callbackUrl = new URL(redirectUriOf(c));
    callbackUrl.search = new URL(c.req.url).search;
    try {
      const signedIn = await sso.finish(callbackUrl, browserState, (tx, entry) =>
        recordAudit(tx, { ...entry, method: c.req.method, path: c.req.path }),
      );
      await answerSignIn(c, deps, signedIn.accountId, 'sso');
      await reserved.release();
      return c.redirect(signedIn.nextPath ?? '/', 302);
    } catch (failure) {
      if (failure instanceof SsoRefusal) {
        await recordSignInFailure(deps.db, c, {
          actor: failure.actor,
          email: null,
          method: 'sso',
          reason: failure.reason,
          status: 403,
        });
        return c.redirect(`/sign-in?sso=${failure.kind}`, 302);
      }
      // A sign-in check refused (address rules, recorded by answerSignIn); or something broke.
      if (failure instanceof GatewayError && failure.status === 403) {
        const kind = failure.options.extra?.refusal === OUTSIDE_NETWORKS ? 'address' : 'disabled';
        return c.redirect(`/sign-in?sso=${kind}`, 302);
      }
      throw failure;
    }
  });

  routes.declare('GET', '/sso', staffManagers, async (c) =>
    c.json((await sso.settings(c.get('principal').organisationId, redirectUriOf(c))) satisfies SsoSettings | null),
  );

  routes.declare('PUT', '/sso', staffManagers, async (c) => {
    const input = await parseBody(c, ssoSettingsRequestSchema);
    const saved = await sso.saveSettings(c.get('principal'), input, redirectUriOf(c), (tx, details) =>
      recordRequestAudit(tx, c, { action: 'sso-settings', status: 200, details }),
    );
    return c.json(saved satisfies SsoSettings | null);
  });
}

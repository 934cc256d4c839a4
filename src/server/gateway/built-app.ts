import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { getCookie } from 'hono/cookie';
import { SESSION_COOKIE } from './access';
import { sessionView } from './auth';
import type { GatewayDeps } from './gateway-deps';
import { PERMISSIONS } from './permissions';
import { appSecurityHeaders } from './security-headers';
import { serveApp, visitorLanguage } from './static-app';

/**
 * The built app (dist/web in `root`) for every path that is not the backend's, with the app's security
 * headers, compressed, and with the visitor's first screen drawn: signed in (from the session cookie) or not.
 */
export function createBuiltApp(deps: GatewayDeps, root: string): Hono {
  const app = new Hono();
  app.use('*', appSecurityHeaders(), compress());
  app.all(
    '*',
    serveApp({
      root,
      signedIn: async (c) => {
        const principal = await deps.sessions.resolve(getCookie(c, SESSION_COOKIE));
        if (!principal) return null;
        const seesEveryArea = PERMISSIONS.every((permission) => principal.permissions.includes(permission));
        return { session: sessionView(principal), name: principal.displayName, seesEveryArea };
      },
      language: visitorLanguage,
    }),
  );
  return app;
}

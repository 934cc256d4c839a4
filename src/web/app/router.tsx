import { type ComponentType, lazy as lazyComponent } from 'react';
import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
  redirect,
} from 'react-router';
import { dashboardRoutes } from '../features/dashboard/dashboard-routes';
import { apiClient } from '../lib/api-client';
import type { AreaRoutes } from '../lib/area';
import { createQueryClient } from '../lib/query-client';
import { safeNextPath, sessionFromPage, sessionKey, sessionQuery, signInPath } from '../lib/session';
import { guardRoutes, NO_ACCESS_PATH } from './access';
import { PageScroll } from './page-scroll';
import { RouteError } from './route-error';

/** When any call says the session is gone: forget it, and go to sign-in, remembering where we were. */
function handleUnauthorized(): void {
  apiClient.setClientName(null);
  queryClient.setQueryData(sessionKey, null);
  const { pathname, search } = router.state.location;
  if (pathname === '/sign-in') return;
  void router.navigate(signInPath(`${pathname}${search}`), { replace: true }).then(() => {
    // Nothing of the previous session stays in memory for whoever signs in next.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
  });
}

export const queryClient = createQueryClient({ onUnauthorized: handleUnauthorized });

// The session the page came with: the loaders below find it in the cache and pick the first page at once.
const initialSession = sessionFromPage();
if (initialSession !== undefined) {
  apiClient.setClientName(initialSession?.clientName ?? null);
  queryClient.setQueryData(sessionKey, initialSession);
}

function prefetch(start: (client: typeof queryClient) => void | Promise<void>): void {
  void queryClient
    .ensureQueryData(sessionQuery)
    .then((session) => (session ? start(queryClient) : undefined))
    .catch(() => {
      // Only a head start: the layout's session check and the page's own queries report failures.
    });
}

async function requireSession({ request }: LoaderFunctionArgs) {
  const session = await queryClient.ensureQueryData(sessionQuery);
  if (!session) {
    const url = new URL(request.url);
    throw redirect(signInPath(`${url.pathname}${url.search}`));
  }
  return session;
}

async function redirectWhenSignedIn({ request }: LoaderFunctionArgs) {
  const session = await queryClient.ensureQueryData(sessionQuery);
  if (session) throw redirect(safeNextPath(new URL(request.url).searchParams.get('next')));
  return null;
}

/** A component that loads its code when it first renders (React suspends it until then). */
function loadedOnRender(load: () => Promise<{ Component?: ComponentType | null }>): ComponentType {
  const Loaded = lazyComponent(async () => ({ default: (await load()).Component ?? (() => null) }));
  return function LoadedOnRender() {
    return <Loaded />;
  };
}

/**
 * Signed-in code loads for signed-in people only. React Router starts a matched route's `lazy` at once, in
 * parallel with the layout's session check, so a signed-out visit to `/` fetched the shell and the dashboard
 * only to be sent to sign-in. While the session is known to be absent, a route's lazy resolves to a stand-in
 * that loads the code when it first renders: after a sign-in, inside the router's transition, so the sign-in
 * page stays on screen until the code has arrived.
 */
function loadedWhenSignedIn(route: RouteObject): RouteObject {
  const { lazy, children } = route;
  const deferred = { ...route } as RouteObject & { children?: RouteObject[] };
  if (children) deferred.children = children.map(loadedWhenSignedIn);
  if (typeof lazy === 'function') {
    deferred.lazy = async () =>
      queryClient.getQueryData(sessionKey) === null ? { Component: loadedOnRender(lazy) } : lazy();
  }
  return deferred;
}

/** Areas' routes for the signed-in layout, their access checked before they load. */
function signedInRoutesOf(areas: readonly AreaRoutes[]): RouteObject[] {
  return areas.flatMap((area) =>
    guardRoutes(area.routes({ queryClient, prefetch }), area.requires, queryClient, area.withinScope),
  );
}

let otherAreaRoutes: Promise<RouteObject[]> | null = null;
let otherAreasPatched = false;

/**
 * The routes of every area but the dashboard join the router on the first visit to one of them (React Router's
 * lazy route discovery): until then such a path matches only the catch-all, which lets the router ask here. The
 * sign-in page, which every first visit loads, then carries the dashboard's routes only (6.6 kB gzipped less);
 * the others load in a chunk of their own. Not while the session is known absent: the layout's loader sends the
 * visitor to sign-in, and the routes load after it. A failed load is tried again at the next visit; a visit left
 * for another before they arrived (its `patch` does nothing then) leaves them to the next.
 */
const discoverAreaRoutes: PatchRoutesOnNavigationFunction = async ({ patch, signal }) => {
  if (otherAreasPatched || queryClient.getQueryData(sessionKey) === null) return;
  otherAreaRoutes ??= import('./area-routes').then(
    ({ areaRoutes }) =>
      // As the layout's own children are (loadedWhenSignedIn maps them when the router is made).
      signedInRoutesOf(areaRoutes.filter((area) => area !== dashboardRoutes)).map(loadedWhenSignedIn),
    (error: unknown) => {
      otherAreaRoutes = null;
      throw error;
    },
  );
  const others = await otherAreaRoutes;
  if (otherAreasPatched || signal.aborted) return;
  patch('signed-in', others);
  otherAreasPatched = true;
};

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: PageScroll,
    errorElement: <RouteError />,
    // Nothing painted while the session check runs: the first paint is the real page, not a placeholder.
    HydrateFallback: () => null,
    children: [
      {
        path: '/sign-in',
        loader: redirectWhenSignedIn,
        lazy: async () => ({ Component: (await import('../features/sign-in/sign-in-page')).SignInPage }),
      },
      // One-time links work signed in or not: using one starts the session of its person.
      {
        path: '/welcome/:token',
        lazy: async () => ({ Component: (await import('../features/sign-in/link-page')).LinkPage }),
      },
      // The buyer's screen at a sales point: paired by a code, no person signed in, outside the shell.
      {
        path: '/display/:salesPointId?',
        lazy: async () => ({ Component: (await import('../features/display/display-page')).DisplayPage }),
      },
      {
        path: '/setup/:token',
        lazy: async () => ({ Component: (await import('../features/sign-in/setup-page')).SetupPage }),
      },
      loadedWhenSignedIn({
        id: 'signed-in',
        loader: requireSession,
        // A page's own query string (filters, sort, page number) changing is no reason to check the session
        // again (any call reports an expired one). Without this, every such change waited for this loader,
        // and the router then rendered the change in a transition even when the page asked for flushSync.
        shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
          currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search
            ? false
            : defaultShouldRevalidate,
        lazy: async () => ({ Component: (await import('./shell/app-layout')).AppLayout }),
        children: [
          ...signedInRoutesOf([dashboardRoutes]),
          {
            path: NO_ACCESS_PATH,
            lazy: async () => ({ Component: (await import('./no-access-page')).NoAccessPage }),
          },
          {
            path: '*',
            lazy: async () => ({ Component: (await import('./not-found-page')).NotFoundPage }),
          },
        ],
      }),
    ],
  },
];

export const router = createBrowserRouter(routes, { patchRoutesOnNavigation: discoverAreaRoutes });

import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import type { Permission } from '../../contract/staff';
import type { RouteAccess } from '../lib/area';
import { opens, sessionQuery } from '../lib/session';

/** Path the "no access" page shows itself at; the router sends a person there rather than to a page that would fail. */
export const NO_ACCESS_PATH = '/no-access';

/**
 * The "no access" page for the page asked for (its path and query), so that it can say which page it was and
 * open it again once the role allows it: a promoter who opened /orders was left with /no-access alone.
 */
const noAccessPath = (asked: string): string => `${NO_ACCESS_PATH}?${new URLSearchParams({ page: asked })}`;

/** The page a "no access" address names: a path of this app (starting with one slash), else none. */
export function askedPage(search: URLSearchParams): string | null {
  const page = search.get('page');
  return page?.startsWith('/') && !page.startsWith('//') && !page.startsWith('/\\') ? page : null;
}

/**
 * The area's routes with their access checked before they load: a person whose role does not allow a
 * route goes to their home (for `/`) or to the "no access" page, instead of a page whose every call fails.
 */
export function guardRoutes(
  routes: RouteObject[],
  requires: readonly Permission[] | undefined,
  queryClient: QueryClient,
  withinScope = false,
): RouteObject[] {
  return routes.map((route) => {
    const own = (route.handle as RouteAccess | undefined)?.requires ?? requires;
    const original = route.loader;
    const guarded = {
      ...route,
      loader: async (args: LoaderFunctionArgs) => {
        const session = await queryClient.ensureQueryData(sessionQuery);
        if (session && !opens(session, { requires: own, withinScope })) {
          const home = route.index ? (await import('./home-path')).homePath(session) : '/';
          const asked = new URL(args.request.url);
          throw redirect(home !== '/' ? home : noAccessPath(`${asked.pathname}${asked.search}`));
        }
        return typeof original === 'function' ? original(args) : null;
      },
    } as RouteObject;
    if (route.children) guarded.children = guardRoutes(route.children, own, queryClient, withinScope);
    return guarded;
  });
}

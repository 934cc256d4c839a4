import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import type { Permission } from '../../contract/staff';
import type { AppArea, RouteAccess } from '../lib/area';
import { can, type Session, sessionQuery } from '../lib/session';
import { areas } from './areas';

/**
 * What a person sees of the app: only the areas and commands their role allows (no dead buttons). The
 * gateway enforces the same permissions on every call; this is so nobody is offered what they cannot do.
 */
export function visibleAreas(session: Session | null | undefined): AppArea[] {
  return areas
    .filter((area) => can(session, area.requires))
    .map((area) => {
      const { commands, searchCommands } = area;
      return {
        ...area,
        ...(commands ? { commands: commands.filter((command) => can(session, command.requires)) } : {}),
        // Commands made from the typed text ask for permissions too ("Open order 123" needs what its page needs).
        ...(searchCommands
          ? {
              searchCommands: (query: string) =>
                searchCommands(query).filter((command) => can(session, command.requires)),
            }
          : {}),
      };
    });
}

/** Where a person lands at `/` when the dashboard is not theirs: their first area, else their account. */
export function homePath(session: Session | null | undefined): string {
  return visibleAreas(session).find((area) => area.nav)?.nav?.path ?? '/account';
}

/** Path the "no access" page shows itself at; the router sends a person there rather than to a page that would fail. */
export const NO_ACCESS_PATH = '/no-access';

/**
 * The area's routes with their access checked before they load: a person whose role does not allow a
 * route goes to their home (for `/`) or to the "no access" page, instead of a page whose every call fails.
 */
export function guardRoutes(
  routes: RouteObject[],
  requires: readonly Permission[] | undefined,
  queryClient: QueryClient,
): RouteObject[] {
  return routes.map((route) => {
    const own = (route.handle as RouteAccess | undefined)?.requires ?? requires;
    const original = route.loader;
    const guarded = {
      ...route,
      loader: async (args: LoaderFunctionArgs) => {
        const session = await queryClient.ensureQueryData(sessionQuery);
        if (session && !can(session, own)) {
          const home = homePath(session);
          throw redirect(route.index && home !== '/' ? home : NO_ACCESS_PATH);
        }
        return typeof original === 'function' ? original(args) : null;
      },
    } as RouteObject;
    if (route.children) guarded.children = guardRoutes(route.children, own, queryClient);
    return guarded;
  });
}

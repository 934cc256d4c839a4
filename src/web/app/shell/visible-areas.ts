import type { VisibleArea } from '../../lib/area';
import { can, opens, type Session } from '../../lib/session';
import { areas } from '../areas';

/**
 * What a person sees of the app: only the areas and commands their role allows (no dead buttons). The
 * gateway enforces the same permissions on every call; this is so nobody is offered what they cannot do.
 */
export function visibleAreas(session: Session | null | undefined): VisibleArea[] {
  return areas
    .filter((menu) => opens(session, menu.area))
    .map(({ area, nav, commands, searchCommands, shortcuts }) => ({
      id: area.id,
      ...(nav && area.home !== undefined ? { nav: { ...nav, path: area.home } } : {}),
      ...(commands ? { commands: commands.filter((command) => can(session, command.requires)) } : {}),
      // Commands made from the typed text ask for permissions too ("Open order 123" needs what its page needs).
      ...(searchCommands
        ? {
            searchCommands: (query: string) =>
              searchCommands(query).filter((command) => can(session, command.requires)),
          }
        : {}),
      ...(shortcuts ? { shortcuts } : {}),
    }));
}

/**
 * The menu entry of the page at `pathname`: the one whose path holds it most closely, so that on
 * /customers/segments "Segmenten" is the current page and not "Klanten" as well. An entry with `end` holds only
 * its own path (the overview at /).
 */
export function currentNavPath(areas: readonly VisibleArea[], pathname: string): string | null {
  let current: string | null = null;
  for (const { nav } of areas) {
    if (!nav) continue;
    const holds = pathname === nav.path || (!nav.end && pathname.startsWith(`${nav.path.replace(/\/$/, '')}/`));
    if (holds && (current === null || nav.path.length > current.length)) current = nav.path;
  }
  return current;
}

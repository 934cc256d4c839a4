import type { VisibleArea } from '../../lib/area';
import { opens, type Session } from '../../lib/session';
import { areas } from '../areas';

/**
 * What a person sees of the app's navigation: only the areas their role allows (no dead links); their commands are
 * filtered the same way with the palette (visible-commands.ts). The gateway enforces the same permissions on every
 * call; this is so nobody is offered what they cannot do.
 */
export function visibleAreas(session: Session | null | undefined): VisibleArea[] {
  return areas
    .filter((menu) => opens(session, menu.area))
    .map(({ area, nav }) => ({
      id: area.id,
      ...(nav && area.home !== undefined ? { nav: { ...nav, path: area.home } } : {}),
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

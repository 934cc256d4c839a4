import type { VisibleCommands } from '../../lib/area';
import { can, opens, type Session } from '../../lib/session';
import { areaCommands } from '../area-commands';

/**
 * What the command palette and the shortcuts overlay offer a person: the commands of the areas their role opens,
 * only those it allows (no dead buttons), as visible-areas.ts does for the navigation. Loaded with the palette and
 * the overlay, not with the shell (lib/area.ts).
 */
export function visibleCommands(session: Session | null | undefined): VisibleCommands[] {
  const searchOnly = (entry: (typeof areaCommands)[number]) =>
    entry.searchCommands !== undefined &&
    entry.searchRequires !== undefined &&
    opens(session, { ...entry.area, requires: entry.searchRequires });
  const offered = areaCommands.flatMap((entry) => {
    if (opens(session, entry.area)) return [entry];
    // An area not opened to the person whose typed searches lead where they may go: those alone.
    return searchOnly(entry) ? [{ area: entry.area, searchCommands: entry.searchCommands }] : [];
  });
  return offered.map(({ area, description, commands, searchCommands, shortcuts }) => ({
    id: area.id,
    ...(description ? { description } : {}),
    ...(commands ? { commands: commands.filter((command) => can(session, command.requires)) } : {}),
    // Commands made from the typed text ask for permissions too ("Open order 123" needs what its page needs).
    ...(searchCommands
      ? {
          searchCommands: (query: string) => searchCommands(query).filter((command) => can(session, command.requires)),
        }
      : {}),
    ...(shortcuts ? { shortcuts } : {}),
  }));
}

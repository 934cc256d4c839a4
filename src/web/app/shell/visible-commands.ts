import type { VisibleCommands } from '../../lib/area';
import { can, opens, type Session } from '../../lib/session';
import { areaCommands } from '../area-commands';

/**
 * What the command palette and the shortcuts overlay offer a person: the commands of the areas their role opens,
 * only those it allows (no dead buttons), as visible-areas.ts does for the navigation. Loaded with the palette and
 * the overlay, not with the shell (lib/area.ts).
 */
export function visibleCommands(session: Session | null | undefined): VisibleCommands[] {
  return areaCommands
    .filter((entry) => opens(session, entry.area))
    .map(({ area, description, commands, searchCommands, shortcuts }) => ({
      id: area.id,
      ...(description ? { description } : {}),
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

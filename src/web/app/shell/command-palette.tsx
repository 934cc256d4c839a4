import { Spotlight, type SpotlightActionData, spotlight } from '@mantine/spotlight';
import '@mantine/spotlight/styles.css';
import '@mantine/core/styles/Mark.css';
import '@mantine/core/styles/Modal.css';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { IconSearch } from '../../components/icons/shell-icons';
import type { VisibleArea } from '../../lib/area';
import { useLocalized, useMessages } from '../../lib/i18n';
import type { Session } from '../../lib/session';
import { paletteMessages } from './palette-messages';
import { type ShellActions, useShellCommands } from './shell-commands';
import { shellMessages } from './shell-messages';
import { visibleCommands } from './visible-commands';

/**
 * Ctrl/Cmd+K: jump to any area or run any command the areas (app/area-commands.ts) and the shell
 * (shell-commands.ts) declare. Search matches the label, the description and the keywords, in the current
 * language. Loaded on first use, with the commands (the shell catches the first Ctrl/Cmd+K); `openRequests`
 * counts the shell's requests to open it.
 */
export function CommandPalette({
  areas,
  session,
  openRequests,
  ...shellActions
}: ShellActions & {
  /** The navigation entries the person sees (the shell's). */
  areas: readonly VisibleArea[];
  session: Session | null;
  openRequests: number;
}) {
  const t = useMessages(paletteMessages);
  const tShell = useMessages(shellMessages);
  const localized = useLocalized();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const areaCommands = useMemo(() => visibleCommands(session), [session]);
  const commands = useShellCommands(shellActions);
  const staticActions = useMemo<SpotlightActionData[]>(() => {
    const descriptions = new Map(areaCommands.map((area) => [area.id, area.description]));
    const navigation: SpotlightActionData[] = areas.flatMap((area) => {
      const nav = area.nav;
      if (!nav) return [];
      const description = descriptions.get(area.id);
      return [
        {
          id: `go:${area.id}`,
          label: t('paletteGoTo', { page: localized(nav.label) }),
          description: description ? localized(description) : undefined,
          keywords: [nav.label.nl, nav.label.en, nav.path],
          leftSection: nav.icon,
          onClick: () => void navigate(nav.path),
        },
      ];
    });
    const rest = [...areaCommands.flatMap((area) => area.commands ?? []), ...commands].map<SpotlightActionData>(
      (command) => ({
        id: command.id,
        label: localized(command.label),
        description: command.description ? localized(command.description) : undefined,
        keywords: [command.label.nl, command.label.en, ...(command.keywords ?? [])],
        onClick: () => command.run({ navigate }),
      }),
    );
    return [...navigation, ...rest];
  }, [areas, areaCommands, commands, localized, navigate, t]);
  // Commands built from the typed text come first: they answer exactly what was asked.
  const actions = useMemo<SpotlightActionData[]>(() => {
    const trimmed = query.trim();
    if (!trimmed) return staticActions;
    const fromQuery = areaCommands
      .flatMap((area) => area.searchCommands?.(trimmed) ?? [])
      .map<SpotlightActionData>((command) => ({
        id: command.id,
        label: localized(command.label),
        description: command.description ? localized(command.description) : undefined,
        // The typed text itself, so the palette's filter always lets these through.
        keywords: [trimmed, ...(command.keywords ?? [])],
        onClick: () => command.run({ navigate }),
      }));
    return fromQuery.length === 0 ? staticActions : [...fromQuery, ...staticActions];
  }, [areaCommands, localized, navigate, query, staticActions]);

  useEffect(() => {
    if (openRequests > 0) spotlight.open();
  }, [openRequests]);

  return (
    <Spotlight
      actions={actions}
      query={query}
      onQueryChange={setQuery}
      shortcut={['mod + K']}
      // Ctrl+K is no typing: it opens the palette from a text field too, as the shell's own listener does
      // before the palette is loaded (Spotlight ignores its shortcut in inputs by default, so once loaded
      // it stopped working in every search field, and while its own closing search box still had the focus).
      tagsToIgnore={[]}
      nothingFound={t('paletteNothingFound')}
      highlightQuery
      limit={50}
      scrollable
      maxHeight={420}
      searchProps={{
        leftSection: <IconSearch />,
        placeholder: tShell('searchOrJump'),
        'aria-label': tShell('commandPalette'),
      }}
    />
  );
}

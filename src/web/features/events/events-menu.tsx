import { IconCalendar } from '../../components/icons/area-icons';
import type { AreaMenu } from '../../lib/area';
import { eventsArea } from './events-area';

/**
 * The events in the signed-in shell's navigation. Loads with the shell, not with the sign-in page; what the
 * command palette offers of it is in events-commands.ts, which loads with the palette (lib/area.ts).
 */
export const eventsMenu: AreaMenu = {
  area: eventsArea,
  nav: {
    label: { nl: 'Voorstellingen', en: 'Events' },
    icon: <IconCalendar />,
    goKey: 'e',
  },
};

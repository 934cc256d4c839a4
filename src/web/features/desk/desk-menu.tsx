import { IconCalendar } from '../../components/icons/area-icons';
import type { AreaMenu } from '../../lib/area';
import { deskArea } from './desk-area';

/**
 * The desk (reservations) in the signed-in shell's navigation. Loads with the shell, not with the sign-in page; what the
 * command palette offers of it is in desk-commands.ts, which loads with the palette (lib/area.ts).
 */
export const deskMenu: AreaMenu = {
  area: deskArea,
  nav: {
    label: { nl: 'Reserveringen', en: 'Reservations' },
    icon: <IconCalendar />,
    goKey: 'r',
  },
};

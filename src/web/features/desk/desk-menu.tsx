import { IconCalendar } from '../../components/icons/area-icons';
import type { AreaMenu } from '../../lib/area';
import { deskArea } from './desk-area';

/**
 * The desk (reservations) in the signed-in shell: navigation, command palette and shortcuts. Loads with the shell,
 * not with the sign-in page (lib/area.ts).
 */
export const deskMenu: AreaMenu = {
  area: deskArea,
  nav: {
    label: { nl: 'Reserveringen', en: 'Reservations' },
    description: {
      nl: 'Reserveringen op volgorde van verloop, en online bestellingen die op betaling wachten',
      en: 'Reservations by expiry, and online orders awaiting payment',
    },
    icon: <IconCalendar />,
    goKey: 'r',
  },
};

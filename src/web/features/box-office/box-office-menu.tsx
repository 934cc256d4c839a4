import { IconTicket } from '../../components/icons/area-icons';
import type { AreaMenu } from '../../lib/area';
import { boxOfficeArea } from './box-office-area';

/**
 * The box office in the signed-in shell's navigation. Loads with the shell, not with the sign-in page; what the
 * command palette offers of it is in box-office-commands.ts, which loads with the palette (lib/area.ts).
 */
export const boxOfficeMenu: AreaMenu = {
  area: boxOfficeArea,
  nav: {
    label: { nl: 'Kassa', en: 'Box office' },
    icon: <IconTicket />,
    goKey: 'k',
  },
};

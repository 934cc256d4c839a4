import { IconTicket } from '../../components/icons/area-icons';
import type { AreaMenu } from '../../lib/area';
import { promoterArea } from './promoter-area';

/**
 * The productions in the signed-in shell's navigation. Loads with the shell, not with the sign-in page; what the
 * command palette offers of it is in promoter-commands.ts, which loads with the palette (lib/area.ts).
 */
export const promoterMenu: AreaMenu = {
  area: promoterArea,
  nav: {
    label: { nl: 'Producties', en: 'Productions' },
    icon: <IconTicket />,
  },
};

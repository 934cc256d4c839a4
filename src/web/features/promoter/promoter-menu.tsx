import { IconTicket } from '../../components/icons/area-icons';
import type { AreaMenu } from '../../lib/area';
import { promoterArea } from './promoter-area';

/** The productions in the signed-in shell (lib/area.ts). */
export const promoterMenu: AreaMenu = {
  area: promoterArea,
  nav: {
    label: { nl: 'Producties', en: 'Productions' },
    description: {
      nl: 'Verkoop per productie, zoals de promotor die volgt',
      en: 'Sales per production, as a promoter follows them',
    },
    icon: <IconTicket />,
  },
};

import { IconPrinter } from '../../components/icons/area-icons';
import type { AreaMenu } from '../../lib/area';
import { salesPointsArea } from './sales-points-area';

/**
 * The sales points in the signed-in shell's navigation. Loads with the shell, not with the sign-in page; what the
 * command palette offers of it is in sales-points-commands.ts, which loads with the palette (lib/area.ts).
 */
export const salesPointsMenu: AreaMenu = {
  area: salesPointsArea,
  nav: {
    label: { nl: 'Kassapunten', en: 'Sales points' },
    icon: <IconPrinter />,
    goKey: 'p',
  },
};

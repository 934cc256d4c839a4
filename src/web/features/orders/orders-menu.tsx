import { IconReceipt } from '../../components/icons/area-icons';
import type { AreaMenu } from '../../lib/area';
import { ordersArea } from './orders-area';

/**
 * The orders in the signed-in shell's navigation. Loads with the shell, not with the sign-in page; what the
 * command palette offers of it is in orders-commands.ts, which loads with the palette (lib/area.ts).
 */
export const ordersMenu: AreaMenu = {
  area: ordersArea,
  nav: {
    label: { nl: 'Bestellingen', en: 'Orders' },
    icon: <IconReceipt />,
    goKey: 'o',
  },
};

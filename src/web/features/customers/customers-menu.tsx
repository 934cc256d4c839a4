import { IconUsers } from '../../components/icons/area-icons';
import type { AreaMenu } from '../../lib/area';
import { customersArea } from './customers-area';

/**
 * The customers in the signed-in shell's navigation. Loads with the shell, not with the sign-in page; what the
 * command palette offers of it is in customers-commands.ts, which loads with the palette (lib/area.ts).
 */
export const customersMenu: AreaMenu = {
  area: customersArea,
  nav: {
    label: { nl: 'Klanten', en: 'Customers' },
    icon: <IconUsers />,
    goKey: 'c',
  },
};

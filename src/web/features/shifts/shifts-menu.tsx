import { IconTill } from '../../components/icons/area-icons';
import type { AreaMenu } from '../../lib/area';
import { shiftsArea } from './shifts-area';

/**
 * The shifts in the signed-in shell's navigation. Loads with the shell, not with the sign-in page; what the
 * command palette offers of it is in shifts-commands.ts, which loads with the palette (lib/area.ts).
 */
export const shiftsMenu: AreaMenu = {
  area: shiftsArea,
  nav: {
    label: { nl: 'Diensten', en: 'Shifts' },
    icon: <IconTill />,
    goKey: 's',
  },
};

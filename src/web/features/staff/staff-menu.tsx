import { IconStaff } from '../../components/icons/area-icons';
import type { AreaMenu } from '../../lib/area';
import { staffArea } from './staff-area';

/**
 * The staff administration in the signed-in shell's navigation. Loads with the shell, not with the sign-in page; what the
 * command palette offers of it is in staff-commands.ts, which loads with the palette (lib/area.ts).
 */
export const staffMenu: AreaMenu = {
  area: staffArea,
  nav: {
    label: { nl: 'Team', en: 'Staff' },
    icon: <IconStaff />,
    goKey: 't',
  },
};

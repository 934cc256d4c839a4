import { IconDashboard } from '../../components/icons/area-icons';
import type { AreaMenu } from '../../lib/area';
import { dashboardArea } from './dashboard-area';

/**
 * The dashboard in the signed-in shell's navigation. Loads with the shell, not with the sign-in page; what the
 * command palette offers of it is in dashboard-commands.ts, which loads with the palette (lib/area.ts).
 */
export const dashboardMenu: AreaMenu = {
  area: dashboardArea,
  nav: {
    end: true,
    label: { nl: 'Overzicht', en: 'Dashboard' },
    icon: <IconDashboard />,
    goKey: 'd',
  },
};

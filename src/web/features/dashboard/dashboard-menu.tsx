import { IconDashboard } from '../../components/icons/area-icons';
import type { AreaMenu } from '../../lib/area';
import { dashboardArea } from './dashboard-area';

/**
 * The dashboard in the signed-in shell: navigation, command palette and shortcuts. Loads with the shell,
 * not with the sign-in page (lib/area.ts).
 */
export const dashboardMenu: AreaMenu = {
  area: dashboardArea,
  nav: {
    end: true,
    label: { nl: 'Overzicht', en: 'Dashboard' },
    description: { nl: 'Voorstellingen van vandaag en de komende dagen', en: "Today's and the next performances" },
    icon: <IconDashboard />,
    goKey: 'd',
  },
};

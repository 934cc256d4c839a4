import type { AppArea } from '../../app/area';
import { IconDashboard } from '../../components/icons';

export const dashboardArea: AppArea = {
  id: 'dashboard',
  routes: [
    {
      index: true,
      lazy: async () => ({ Component: (await import('./dashboard-page')).DashboardPage }),
    },
  ],
  nav: {
    path: '/',
    end: true,
    label: { nl: 'Overzicht', en: 'Dashboard' },
    description: { nl: 'Voorstellingen van vandaag en de komende dagen', en: "Today's and the next performances" },
    icon: <IconDashboard />,
    goKey: 'd',
  },
};

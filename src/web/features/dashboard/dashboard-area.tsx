import type { AppArea } from '../../app/area';
import { IconDashboard } from '../../components/icons';
import { eventQueries } from '../../lib/queries/event-queries';
import { hallQueries } from '../../lib/queries/hall-queries';
import { dashboardRange } from './dashboard-range';

export const dashboardArea: AppArea = {
  id: 'dashboard',
  routes: ({ prefetch }) => [
    {
      index: true,
      // The data starts loading with the page's code, not after it has rendered.
      loader: () => {
        prefetch((queryClient) => {
          void queryClient.prefetchQuery(eventQueries.list(dashboardRange(new Date())));
          void queryClient.prefetchQuery(hallQueries.list());
        });
        return null;
      },
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

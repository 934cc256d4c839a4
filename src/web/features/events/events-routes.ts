import type { AreaRoutes } from '../../lib/area';
import { eventsArea } from './events-area';

/**
 * Events, productions and halls. Query modules are imported inside the loaders, not at the top: this
 * module loads with every area's routes (see lib/area.ts).
 */
export const eventsRoutes: AreaRoutes = {
  ...eventsArea,
  routes: ({ prefetch }) => [
    {
      path: '/events',
      lazy: async () => ({ Component: (await import('./events-list-page')).EventsListPage }),
    },
    {
      path: '/events/occupancy',
      handle: { requires: ['events:read', 'reports:read'] },
      lazy: async () => ({ Component: (await import('./occupancy-page')).OccupancyPage }),
    },
    {
      path: '/events/:eventId',
      loader: ({ params }) => {
        const eventId = Number(params.eventId);
        if (Number.isInteger(eventId) && eventId > 0) {
          prefetch(async (queryClient) => {
            const { prefetchEventPage } = await import('./event-page-queries');
            prefetchEventPage(queryClient, eventId);
          });
        }
        return null;
      },
      lazy: async () => ({ Component: (await import('./event-page')).EventPage }),
    },
    {
      path: '/events/:eventId/seats',
      loader: ({ params }) => {
        const eventId = Number(params.eventId);
        if (Number.isInteger(eventId) && eventId > 0) {
          prefetch(async (queryClient) => {
            const { seatPlanQueries } = await import('../../lib/queries/seat-plan-queries');
            void queryClient.prefetchQuery(seatPlanQueries.detail(eventId));
          });
        }
        return null;
      },
      lazy: async () => ({ Component: (await import('../seat-plan/public-page')).SeatPlanPage }),
    },
    {
      path: '/productions/:productionId',
      lazy: async () => ({ Component: (await import('./production-page')).ProductionPage }),
    },
    {
      path: '/halls',
      lazy: async () => ({ Component: (await import('./halls-list-page')).HallsListPage }),
    },
    {
      path: '/halls/:hallId',
      lazy: async () => ({ Component: (await import('./hall-page')).HallPage }),
    },
  ],
};

import { IconCalendar } from '../../components/icons';
import type { AppArea } from '../../lib/area';

/**
 * Events, productions and halls. Query modules are imported inside the loaders, not at the top: this
 * module is part of every first load (see lib/area.ts).
 */
export const eventsArea: AppArea = {
  id: 'events',
  requires: ['events:read'],
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
  nav: {
    path: '/events',
    label: { nl: 'Voorstellingen', en: 'Events' },
    description: { nl: 'Voorstellingen, beschikbaarheid en blokkades', en: 'Events, availability and blocked seats' },
    icon: <IconCalendar />,
    goKey: 'e',
  },
  commands: [
    {
      id: 'events:today',
      label: { nl: 'Voorstellingen van vandaag', en: "Today's events" },
      keywords: ['events', 'voorstellingen', 'vandaag', 'today'],
      run: ({ navigate }) => void navigate('/events?range=today'),
    },
    {
      id: 'events:by-production',
      label: { nl: 'Voorstellingen per productie', en: 'Events by production' },
      keywords: ['productions', 'producties'],
      run: ({ navigate }) => void navigate('/events?group=production'),
    },
    {
      id: 'events:occupancy',
      label: { nl: 'Bezetting', en: 'Occupancy' },
      description: {
        nl: 'Bezetting, verkoop per voorstelling, boekingsverloop, blokkades en wachtlijst',
        en: 'Occupancy, sales per performance, booking pace, blocked seats and waiting list',
      },
      keywords: [
        'occupancy',
        'bezetting',
        'capaciteit',
        'capacity',
        'sold',
        'verkocht',
        'pace',
        'boekingsverloop',
        'wachtlijst',
        'waiting list',
        'rapportage',
        'report',
      ],
      run: ({ navigate }) => void navigate('/events/occupancy'),
    },
    {
      id: 'halls',
      label: { nl: 'Zalen', en: 'Halls' },
      description: { nl: 'Adressen en voorstellingen per zaal', en: 'Addresses and events per hall' },
      keywords: ['halls', 'zalen', 'venue'],
      run: ({ navigate }) => void navigate('/halls'),
    },
  ],
};

import { redirect } from 'react-router';
import type { AreaRoutes } from '../../lib/area';
import { can, sessionQuery } from '../../lib/session';
import { staffArea } from './staff-area';

/**
 * The organisation's administration: its people (invite, role, disable, reset link), its roles and its
 * connection to the Ticketing Service. Loads with every area's routes (lib/area.ts): pages load lazily.
 */
export const staffRoutes: AreaRoutes = {
  ...staffArea,
  routes: ({ queryClient, prefetch }) => {
    const prefetchStaff = (which: 'people' | 'roles' | 'connection') =>
      prefetch(async (client) => {
        const { staffQueries } = await import('./staff-queries');
        if (which === 'connection') return void client.prefetchQuery(staffQueries.connection());
        // The people page offers the roles too (filter, invite, change role).
        if (which === 'people') void client.prefetchQuery(staffQueries.people());
        void client.prefetchQuery(staffQueries.roles());
      });
    return [
      {
        path: '/staff',
        lazy: async () => ({ Component: (await import('./staff-layout')).StaffLayout }),
        children: [
          {
            index: true,
            // Someone who may manage only the connection lands on the page that is theirs.
            loader: async () => {
              const session = await queryClient.ensureQueryData(sessionQuery);
              if (session && !can(session, ['staff:manage'])) throw redirect('/staff/connection');
              prefetchStaff('people');
              return null;
            },
            lazy: async () => ({ Component: (await import('./people-page')).PeoplePage }),
          },
          {
            path: 'roles',
            handle: { requires: ['staff:manage'] },
            loader: () => {
              prefetchStaff('roles');
              return null;
            },
            lazy: async () => ({ Component: (await import('./roles-page')).RolesPage }),
          },
          {
            path: 'sso',
            handle: { requires: ['staff:manage'] },
            lazy: async () => ({ Component: (await import('./sso-page')).SsoPage }),
          },
          {
            path: 'connection',
            handle: { requires: ['connection:manage'] },
            loader: () => {
              prefetchStaff('connection');
              return null;
            },
            lazy: async () => ({ Component: (await import('./connection-page')).ConnectionPage }),
          },
        ],
      },
    ];
  },
};

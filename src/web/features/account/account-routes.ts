import type { AreaRoutes } from '../../lib/area';
import { accountArea } from './account-area';

/** The signed-in person's own account: open to everyone signed in, reached from their name in the header. */
export const accountRoutes: AreaRoutes = {
  ...accountArea,
  routes: () => [
    {
      path: '/account',
      lazy: async () => ({ Component: (await import('./account-page')).AccountPage }),
    },
  ],
};

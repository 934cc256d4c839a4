import type { AreaRoutes } from '../../lib/area';

/** The signed-in person's own account: open to everyone signed in, reached from their name in the header. */
export const accountRoutes: AreaRoutes = {
  id: 'account',
  withinScope: true,
  routes: () => [
    {
      path: '/account',
      lazy: async () => ({ Component: (await import('./account-page')).AccountPage }),
    },
  ],
};

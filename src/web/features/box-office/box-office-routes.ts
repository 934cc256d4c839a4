import type { AreaRoutes } from '../../lib/area';

/**
 * The box office: selling at a sales point. The page and its queries load only when visited (area.ts).
 */
export const boxOfficeRoutes: AreaRoutes = {
  id: 'box-office',
  requires: ['sales:sell'],
  home: '/box-office',
  routes: ({ prefetch }) => [
    {
      path: '/box-office',
      loader: () => {
        prefetch(async (queryClient) => {
          const { cartQueries } = await import('./cart-queries');
          void queryClient.prefetchQuery(cartQueries.paymentMethods());
        });
        return null;
      },
      lazy: async () => ({ Component: (await import('./box-office-page')).BoxOfficePage }),
    },
  ],
};

import type { AreaRoutes } from '../../lib/area';
import { boxOfficeArea } from './box-office-area';

/**
 * The box office: selling at a sales point. The page and its queries load only when visited (area.ts).
 */
export const boxOfficeRoutes: AreaRoutes = {
  ...boxOfficeArea,
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

import type { AreaRoutes } from '../../lib/area';
import { customersArea } from './customers-area';

/**
 * Customers and their tags. Pages are loaded lazily; this module loads with every area's routes (lib/area.ts).
 */
export const customersRoutes: AreaRoutes = {
  ...customersArea,
  routes: ({ prefetch }) => [
    {
      path: '/customers',
      loader: ({ request }) => {
        prefetch(async (queryClient) => {
          const { prefetchCustomerList } = await import('./customers-list-prefetch');
          prefetchCustomerList(queryClient, new URL(request.url));
        });
        return null;
      },
      lazy: async () => ({ Component: (await import('./customers-list-page')).CustomersListPage }),
    },
    {
      path: '/customers/new',
      handle: { requires: ['customers:write'] },
      lazy: async () => ({ Component: (await import('./customer-form-pages')).NewCustomerPage }),
    },
    {
      path: '/customers/tags',
      lazy: async () => ({ Component: (await import('./tag-overview-page')).TagOverviewPage }),
    },
    {
      path: '/customers/flags',
      handle: { requires: ['notes:write'] },
      lazy: async () => ({ Component: (await import('../customer-notes/public-flag-settings')).FlagSettingsPage }),
    },
    {
      path: '/customers/fields',
      handle: { requires: ['customers:write'] },
      lazy: async () => ({ Component: (await import('../custom-fields/public-page')).CustomFieldsPage }),
    },
    {
      path: '/customers/privacy',
      handle: { requires: ['privacy:manage'] },
      lazy: async () => ({ Component: (await import('../privacy/public-page')).PrivacyPage }),
    },
    {
      path: '/customers/jobs',
      // Who may see the jobs (contract/customer-jobs.ts JOB_VIEW_PERMISSIONS; not imported: this module loads first).
      handle: { requires: ['segments:manage', 'privacy:manage'] },
      lazy: async () => ({ Component: (await import('../customer-jobs/public-jobs-page')).CustomerJobsPage }),
    },
    {
      path: '/customers/duplicates',
      handle: { requires: ['duplicates:review'] },
      lazy: async () => ({ Component: (await import('../duplicates/public-duplicates-page')).DuplicatesPage }),
    },
    {
      path: '/customers/:customerId',
      loader: ({ params }) => {
        const customerId = Number(params.customerId);
        if (Number.isInteger(customerId) && customerId > 0) {
          prefetch(async (queryClient) => {
            const { customerQueries } = await import('./customer-queries');
            void queryClient.prefetchQuery(customerQueries.detail(customerId));
          });
        }
        return null;
      },
      lazy: async () => ({ Component: (await import('./customer-page')).CustomerPage }),
    },
    {
      path: '/customers/:customerId/edit',
      handle: { requires: ['customers:write'] },
      lazy: async () => ({ Component: (await import('./customer-form-pages')).EditCustomerPage }),
    },
  ],
};

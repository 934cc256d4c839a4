import { IconUsers } from '../../components/icons';
import type { AppArea } from '../../lib/area';

/**
 * Customers and their tags. Pages are loaded lazily; this module is part of every first load (lib/area.ts).
 */
export const customersArea: AppArea = {
  id: 'customers',
  requires: ['customers:read'],
  routes: ({ prefetch }) => [
    {
      path: '/customers',
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
      path: '/customers/:customerId',
      loader: ({ params }) => {
        const customerId = Number(params.customerId);
        if (Number.isInteger(customerId) && customerId > 0) {
          prefetch(async (queryClient) => {
            const { customerQueries } = await import('../../lib/queries/customer-queries');
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
  nav: {
    path: '/customers',
    label: { nl: 'Klanten', en: 'Customers' },
    description: { nl: 'Klanten zoeken, bewerken en labelen', en: 'Find, edit and tag customers' },
    icon: <IconUsers />,
    goKey: 'c',
  },
  commands: [
    {
      id: 'customers:new',
      requires: ['customers:write'],
      label: { nl: 'Nieuwe klant', en: 'New customer' },
      keywords: ['customer', 'klant', 'create', 'aanmaken'],
      run: ({ navigate }) => void navigate('/customers/new'),
    },
    {
      id: 'customers:tags',
      label: { nl: 'Labels en aantallen klanten', en: 'Tags and customer counts' },
      keywords: ['tags', 'labels', 'clienttypes'],
      run: ({ navigate }) => void navigate('/customers/tags'),
    },
  ],
};

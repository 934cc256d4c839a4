import { IconDownload } from '../../components/icons';
import type { AppArea } from '../../lib/area';

/**
 * Exports for CRM sync and the waiting list (issue 8, items 4–5). Pages load lazily; this module is part of
 * every first load, so it imports nothing heavy.
 */
export const exportsArea: AppArea = {
  id: 'exports',
  requires: ['exports:run', 'customers:read'],
  routes: () => [
    {
      path: '/exports',
      lazy: async () => ({ Component: (await import('./exports-page')).ExportsPage }),
    },
    {
      path: '/waiting-list',
      handle: { requires: ['exports:run'] },
      lazy: async () => ({ Component: (await import('./waiting-list-page')).WaitingListPage }),
    },
  ],
  nav: {
    path: '/exports',
    label: { nl: 'Exports', en: 'Exports' },
    description: {
      nl: 'Klanten, bestellingen en wachtlijst naar CSV of JSON',
      en: 'Customers, orders and waiting list to CSV or JSON',
    },
    icon: <IconDownload />,
    goKey: 'x',
  },
  commands: [
    {
      id: 'waiting-list',
      requires: ['exports:run'],
      label: { nl: 'Wachtlijst', en: 'Waiting list' },
      description: { nl: 'Wie wacht op welke voorstelling', en: 'Who is waiting for which performance' },
      keywords: ['waiting list', 'wachtlijst', 'wachtenden'],
      run: ({ navigate }) => void navigate('/waiting-list'),
    },
    {
      id: 'exports:orders-changes',
      requires: ['exports:run'],
      label: { nl: 'Gewijzigde bestellingen exporteren', en: 'Export changed orders' },
      keywords: ['export', 'crm', 'incremental', 'incrementeel', 'orders', 'bestellingen', 'csv'],
      run: ({ navigate }) => void navigate('/exports?kind=orders&mode=changes'),
    },
    {
      id: 'exports:customers',
      requires: ['customers:read'],
      label: { nl: 'Klanten exporteren', en: 'Export customers' },
      keywords: ['export', 'crm', 'customers', 'klanten', 'csv'],
      run: ({ navigate }) => void navigate('/exports?kind=customers'),
    },
  ],
};

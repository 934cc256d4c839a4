import type { AreaCommands } from '../../lib/area';
import { exportsArea } from './exports-area';

/**
 * The exports in the command palette and the shortcuts overlay. Loads with them, on first use, not with the
 * shell (lib/area.ts).
 */
export const exportsCommands: AreaCommands = {
  area: exportsArea,
  description: {
    nl: 'Klanten, bestellingen en wachtlijst naar CSV of JSON',
    en: 'Customers, orders and waiting list to CSV or JSON',
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

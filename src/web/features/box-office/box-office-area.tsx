import { IconTicket } from '../../components/icons';
import type { AppArea } from '../../lib/area';

/**
 * The box office: selling at a sales point. The page and its queries load only when visited (area.ts).
 */
export const boxOfficeArea: AppArea = {
  id: 'box-office',
  requires: ['sales:sell'],
  routes: ({ prefetch }) => [
    {
      path: '/box-office',
      loader: () => {
        prefetch(async (queryClient) => {
          const { cartQueries } = await import('../../lib/queries/cart-queries');
          void queryClient.prefetchQuery(cartQueries.paymentMethods());
        });
        return null;
      },
      lazy: async () => ({ Component: (await import('./box-office-page')).BoxOfficePage }),
    },
  ],
  nav: {
    path: '/box-office',
    label: { nl: 'Kassa', en: 'Box office' },
    description: { nl: 'Kaarten verkopen aan de balie', en: 'Sell tickets at the desk' },
    icon: <IconTicket />,
    goKey: 'k',
  },
  commands: [
    {
      id: 'box-office:new-sale',
      label: { nl: 'Nieuwe verkoop aan de kassa', en: 'New sale at the box office' },
      keywords: ['kassa', 'box office', 'verkopen', 'sell', 'tickets', 'kaarten'],
      run: ({ navigate }) => void navigate('/box-office'),
    },
  ],
  shortcuts: [
    { keys: ['/'], label: { nl: 'Kassa: voorstelling zoeken', en: 'Box office: search a performance' } },
    { keys: ['1', '…', '9'], label: { nl: 'Kassa: aantal kaarten', en: 'Box office: number of tickets' } },
    { keys: ['Enter'], label: { nl: 'Kassa: toevoegen aan de winkelwagen', en: 'Box office: add to the cart' } },
    { keys: ['C'], label: { nl: 'Kassa: afrekenen', en: 'Box office: check out' } },
    {
      keys: ['1', '…', '9'],
      label: { nl: 'Kassa (afrekenen): betaalwijze kiezen', en: 'Box office (checkout): payment method' },
    },
    { keys: ['Enter'], label: { nl: 'Kassa (afrekenen): betalen', en: 'Box office (checkout): pay' } },
    { keys: ['N'], label: { nl: 'Kassa: nieuwe verkoop', en: 'Box office: new sale' } },
  ],
};

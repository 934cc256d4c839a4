import type { AppArea } from '../../app/area';

/** A ticket, in the line style of components/icons.tsx (decorative: the nav link names it). */
const IconTicket = () => (
  <svg
    xmlns="http://www.w3.org/2000/svg"
    width={18}
    height={18}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M3 8a2 2 0 0 0 2-2h14a2 2 0 0 0 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 0-2 2H5a2 2 0 0 0-2-2v-2a2 2 0 0 0 0-4z" />
    <path d="M14 6v2M14 11v2M14 16v2" />
  </svg>
);

/**
 * The box office: selling at a sales point. The page and its queries load only when visited (area.ts).
 */
export const boxOfficeArea: AppArea = {
  id: 'box-office',
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

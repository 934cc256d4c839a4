import { IconTill } from '../../components/icons';
import type { AppArea } from '../../lib/area';

const shiftIdOf = (params: { shiftId?: string }) => {
  const id = Number(params.shiftId);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * Shifts and cash-up: the list of shifts (sellers see their own, reviewers every desk's), a shift with its
 * sales and reconciliation, its close-out and its Z-report. The shift bar lives in the box office. Pages load
 * lazily (lib/area.ts).
 */
export const shiftsArea: AppArea = {
  id: 'shifts',
  requires: ['sales:sell', 'shifts:review'],
  routes: ({ prefetch }) => {
    const prefetchDetail = ({ params }: { params: { shiftId?: string } }) => {
      const shiftId = shiftIdOf(params);
      if (shiftId !== null) {
        prefetch(async (queryClient) => {
          const { shiftQueries } = await import('./shift-queries');
          void queryClient.prefetchQuery(shiftQueries.detail(shiftId));
        });
      }
      return null;
    };
    return [
      { path: '/shifts', lazy: async () => ({ Component: (await import('./shifts-list-page')).ShiftsListPage }) },
      {
        path: '/shifts/:shiftId',
        loader: prefetchDetail,
        lazy: async () => ({ Component: (await import('./shift-page')).ShiftRoutePage }),
      },
      {
        path: '/shifts/:shiftId/close',
        loader: prefetchDetail,
        lazy: async () => ({ Component: (await import('./close-shift-page')).CloseShiftRoutePage }),
      },
      {
        path: '/shifts/:shiftId/z-report',
        loader: prefetchDetail,
        lazy: async () => ({ Component: (await import('./z-report-page')).ZReportRoutePage }),
      },
    ];
  },
  nav: {
    path: '/shifts',
    label: { nl: 'Diensten', en: 'Shifts' },
    description: {
      nl: 'Diensten aan de kassa, kasopmaak, Z-rapporten en aftekenen',
      en: 'Desk shifts, cash-up, Z-reports and sign-off',
    },
    icon: <IconTill />,
    goKey: 's',
  },
  commands: [
    {
      id: 'shifts:past-midnight',
      requires: ['shifts:review'],
      label: { nl: 'Diensten open na middernacht', en: 'Shifts open past midnight' },
      keywords: ['dienst', 'shift', 'kas', 'middernacht', 'midnight'],
      run: ({ navigate }) => void navigate('/shifts?status=open&flag=past-midnight'),
    },
    {
      id: 'shifts:to-sign-off',
      requires: ['shifts:review'],
      label: { nl: 'Af te tekenen diensten', en: 'Shifts to sign off' },
      keywords: ['dienst', 'shift', 'aftekenen', 'sign off', 'z-rapport', 'z-report'],
      run: ({ navigate }) => void navigate('/shifts?status=closed'),
    },
  ],
};

import type { AreaRoutes } from '../../lib/area';
import { shiftsArea } from './shifts-area';

const shiftIdOf = (params: { shiftId?: string }) => {
  const id = Number(params.shiftId);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * Shifts and cash-up: the list of shifts (sellers see their own, reviewers every desk's), a shift with its
 * sales and reconciliation, its close-out and its Z-report. The shift bar lives in the box office. Pages load
 * lazily (lib/area.ts).
 */
export const shiftsRoutes: AreaRoutes = {
  ...shiftsArea,
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
};

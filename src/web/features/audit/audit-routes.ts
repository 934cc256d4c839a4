import type { AreaRoutes } from '../../lib/area';
import { auditArea } from './audit-area';

/** The audit trail: who did what, filtered, exported, and whether the chain is intact. Pages load lazily. */
export const auditRoutes: AreaRoutes = {
  ...auditArea,
  routes: ({ prefetch }) => [
    {
      path: '/audit',
      loader: () => {
        prefetch(async (client) => {
          const { auditQueries } = await import('./audit-queries');
          void client.prefetchQuery(auditQueries.chain());
        });
        return null;
      },
      lazy: async () => ({ Component: (await import('./audit-page')).AuditPage }),
    },
  ],
};

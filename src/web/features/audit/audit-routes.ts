import type { AreaRoutes } from '../../lib/area';

/** The audit trail: who did what, filtered, exported, and whether the chain is intact. Pages load lazily. */
export const auditRoutes: AreaRoutes = {
  id: 'audit',
  requires: ['audit:read'],
  home: '/audit',
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

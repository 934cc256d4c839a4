import { IconAudit } from '../../components/icons';
import type { AppArea } from '../../lib/area';

/** The audit trail: who did what, filtered, exported, and whether the chain is intact. Pages load lazily. */
export const auditArea: AppArea = {
  id: 'audit',
  requires: ['audit:read'],
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
  nav: {
    path: '/audit',
    label: { nl: 'Logboek', en: 'Audit trail' },
    description: { nl: 'Wie wat deed, en of niets is gewijzigd', en: 'Who did what, and that nothing was changed' },
    icon: <IconAudit />,
    goKey: 'l',
  },
};

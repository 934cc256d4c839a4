import { IconAudit } from '../../components/icons/area-icons';
import type { AreaMenu } from '../../lib/area';
import { auditArea } from './audit-area';

/**
 * The audit trail in the signed-in shell's navigation. Loads with the shell, not with the sign-in page; what the
 * command palette offers of it is in audit-commands.ts, which loads with the palette (lib/area.ts).
 */
export const auditMenu: AreaMenu = {
  area: auditArea,
  nav: {
    label: { nl: 'Logboek', en: 'Audit trail' },
    icon: <IconAudit />,
    goKey: 'l',
  },
};

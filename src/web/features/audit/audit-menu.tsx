import { IconAudit } from '../../components/icons/area-icons';
import type { AreaMenu } from '../../lib/area';
import { auditArea } from './audit-area';

/**
 * The audit trail in the signed-in shell: navigation, command palette and shortcuts. Loads with the shell,
 * not with the sign-in page (lib/area.ts).
 */
export const auditMenu: AreaMenu = {
  area: auditArea,
  nav: {
    label: { nl: 'Logboek', en: 'Audit trail' },
    description: { nl: 'Wie wat deed, en of niets is gewijzigd', en: 'Who did what, and that nothing was changed' },
    icon: <IconAudit />,
    goKey: 'l',
  },
};

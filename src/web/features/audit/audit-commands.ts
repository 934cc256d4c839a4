import type { AreaCommands } from '../../lib/area';
import { auditArea } from './audit-area';

/**
 * The audit trail in the command palette and the shortcuts overlay. Loads with them, on first use, not with the
 * shell (lib/area.ts).
 */
export const auditCommands: AreaCommands = {
  area: auditArea,
  description: { nl: 'Wie wat deed, en of niets is gewijzigd', en: 'Who did what, and that nothing was changed' },
};

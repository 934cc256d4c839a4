import type { AreaCommands } from '../../lib/area';
import { promoterArea } from './promoter-area';

/**
 * The productions in the command palette and the shortcuts overlay. Loads with them, on first use, not with the
 * shell (lib/area.ts).
 */
export const promoterCommands: AreaCommands = {
  area: promoterArea,
  description: {
    nl: 'Verkoop per productie, zoals de promotor die volgt',
    en: 'Sales per production, as a promoter follows them',
  },
};

import type { AreaCommands } from '../../lib/area';
import { salesPointsArea } from './sales-points-area';

/**
 * The sales points in the command palette and the shortcuts overlay. Loads with them, on first use, not with the
 * shell (lib/area.ts).
 */
export const salesPointsCommands: AreaCommands = {
  area: salesPointsArea,
  description: {
    nl: 'Kassa’s met hun bon- en ticketprinter en kassalade',
    en: 'Desks with their receipt and ticket printers and cash drawer',
  },
  commands: [
    {
      id: 'sales-points:new',
      requires: ['sales-points:manage'],
      label: { nl: 'Nieuw kassapunt', en: 'New sales point' },
      keywords: ['kassapunt', 'sales point', 'printer', 'kassa', 'desk', 'lade', 'drawer'],
      run: ({ navigate }) => void navigate('/sales-points?new=1'),
    },
  ],
};

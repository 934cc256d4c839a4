import { IconPrinter } from '../../components/icons/area-icons';
import type { AreaMenu } from '../../lib/area';
import { salesPointsArea } from './sales-points-area';

/** The sales points in the signed-in shell (lib/area.ts). */
export const salesPointsMenu: AreaMenu = {
  area: salesPointsArea,
  nav: {
    label: { nl: 'Kassapunten', en: 'Sales points' },
    description: {
      nl: 'Kassa’s met hun bon- en ticketprinter en kassalade',
      en: 'Desks with their receipt and ticket printers and cash drawer',
    },
    icon: <IconPrinter />,
    goKey: 'p',
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

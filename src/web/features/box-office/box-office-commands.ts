import type { AreaCommands } from '../../lib/area';
import { boxOfficeArea } from './box-office-area';

/**
 * The box office in the command palette and the shortcuts overlay. Loads with them, on first use, not with the
 * shell (lib/area.ts).
 */
export const boxOfficeCommands: AreaCommands = {
  area: boxOfficeArea,
  description: { nl: 'Kaarten verkopen aan de balie', en: 'Sell tickets at the desk' },
  commands: [
    {
      id: 'box-office:new-sale',
      label: { nl: 'Nieuwe verkoop aan de kassa', en: 'New sale at the box office' },
      keywords: ['kassa', 'box office', 'verkopen', 'sell', 'tickets', 'kaarten'],
      run: ({ navigate }) => void navigate('/box-office'),
    },
  ],
  shortcuts: [
    { keys: ['/'], label: { nl: 'Kassa: voorstelling zoeken', en: 'Box office: search a performance' } },
    { keys: ['1', '…', '9'], label: { nl: 'Kassa: aantal kaarten', en: 'Box office: number of tickets' } },
    { keys: ['Enter'], label: { nl: 'Kassa: toevoegen aan de winkelwagen', en: 'Box office: add to the cart' } },
    {
      keys: ['T'],
      label: {
        nl: 'Kassa: toevoegen, ook vanaf het zaalplan (daar kiest Enter een stoel)',
        en: 'Box office: add, also from the seat plan (where Enter chooses a seat)',
      },
    },
    { keys: ['C'], label: { nl: 'Kassa: afrekenen', en: 'Box office: check out' } },
    {
      keys: ['W'],
      label: { nl: 'Kassa: snelle verkoop aan losse bezoeker', en: 'Box office: quick sale to a walk-in' },
    },
    {
      keys: ['1', '…', '9'],
      label: { nl: 'Kassa (afrekenen): betaalwijze kiezen', en: 'Box office (checkout): payment method' },
    },
    { keys: ['Enter'], label: { nl: 'Kassa (afrekenen): betalen', en: 'Box office (checkout): pay' } },
    { keys: ['N'], label: { nl: 'Kassa: nieuwe verkoop', en: 'Box office: new sale' } },
  ],
};

import type { AreaCommands } from '../../lib/area';
import { segmentsArea } from './segments-area';

/**
 * The segments in the command palette and the shortcuts overlay. Loads with them, on first use, not with the
 * shell (lib/area.ts).
 */
export const segmentsCommands: AreaCommands = {
  area: segmentsArea,
  description: { nl: 'Groepen klanten volgens een regel', en: 'Groups of customers by a rule' },
  commands: [
    {
      id: 'segments:new',
      label: { nl: 'Nieuw segment', en: 'New segment' },
      keywords: ['segment', 'doelgroep', 'audience', 'list builder', 'selectie'],
      run: ({ navigate }) => void navigate('/customers/segments/new'),
    },
  ],
};

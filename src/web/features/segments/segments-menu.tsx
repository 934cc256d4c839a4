import { IconSegments } from '../../components/icons/area-icons';
import type { AreaMenu } from '../../lib/area';
import { segmentsArea } from './segments-area';

/** The segments in the signed-in shell: navigation and the command palette (lib/area.ts). */
export const segmentsMenu: AreaMenu = {
  area: segmentsArea,
  nav: {
    label: { nl: 'Segmenten', en: 'Segments' },
    description: { nl: 'Groepen klanten volgens een regel', en: 'Groups of customers by a rule' },
    icon: <IconSegments />,
  },
  commands: [
    {
      id: 'segments:new',
      label: { nl: 'Nieuw segment', en: 'New segment' },
      keywords: ['segment', 'doelgroep', 'audience', 'list builder', 'selectie'],
      run: ({ navigate }) => void navigate('/customers/segments/new'),
    },
  ],
};

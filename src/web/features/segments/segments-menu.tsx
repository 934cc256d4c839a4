import { IconSegments } from '../../components/icons/area-icons';
import type { AreaMenu } from '../../lib/area';
import { segmentsArea } from './segments-area';

/**
 * The segments in the signed-in shell's navigation. Loads with the shell, not with the sign-in page; what the
 * command palette offers of it is in segments-commands.ts, which loads with the palette (lib/area.ts).
 */
export const segmentsMenu: AreaMenu = {
  area: segmentsArea,
  nav: {
    label: { nl: 'Segmenten', en: 'Segments' },
    icon: <IconSegments />,
  },
};

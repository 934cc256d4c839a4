import { IconDownload } from '../../components/icons/area-icons';
import type { AreaMenu } from '../../lib/area';
import { exportsArea } from './exports-area';

/**
 * The exports in the signed-in shell's navigation. Loads with the shell, not with the sign-in page; what the
 * command palette offers of it is in exports-commands.ts, which loads with the palette (lib/area.ts).
 */
export const exportsMenu: AreaMenu = {
  area: exportsArea,
  nav: {
    label: { nl: 'Exports', en: 'Exports' },
    icon: <IconDownload />,
    goKey: 'x',
  },
};

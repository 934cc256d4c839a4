import { IconTill } from '../../components/icons/area-icons';
import type { AreaMenu } from '../../lib/area';
import { shiftsArea } from './shifts-area';

/**
 * The shifts in the signed-in shell: navigation, command palette and shortcuts. Loads with the shell,
 * not with the sign-in page (lib/area.ts).
 */
export const shiftsMenu: AreaMenu = {
  area: shiftsArea,
  nav: {
    label: { nl: 'Diensten', en: 'Shifts' },
    description: {
      nl: 'Diensten aan de kassa, kasopmaak, Z-rapporten en aftekenen',
      en: 'Desk shifts, cash-up, Z-reports and sign-off',
    },
    icon: <IconTill />,
    goKey: 's',
  },
  commands: [
    {
      id: 'shifts:past-midnight',
      requires: ['shifts:review'],
      label: { nl: 'Diensten open na middernacht', en: 'Shifts open past midnight' },
      keywords: ['dienst', 'shift', 'kas', 'middernacht', 'midnight'],
      run: ({ navigate }) => void navigate('/shifts?status=open&flag=past-midnight'),
    },
    {
      id: 'shifts:to-sign-off',
      requires: ['shifts:review'],
      label: { nl: 'Af te tekenen diensten', en: 'Shifts to sign off' },
      keywords: ['dienst', 'shift', 'aftekenen', 'sign off', 'z-rapport', 'z-report'],
      run: ({ navigate }) => void navigate('/shifts?status=closed'),
    },
  ],
};

import type { AreaCommands } from '../../lib/area';
import { shiftsArea } from './shifts-area';

/**
 * The shifts in the command palette and the shortcuts overlay. Loads with them, on first use, not with the
 * shell (lib/area.ts).
 */
export const shiftsCommands: AreaCommands = {
  area: shiftsArea,
  description: {
    nl: 'Diensten aan de kassa, kasopmaak, Z-rapporten en aftekenen',
    en: 'Desk shifts, cash-up, Z-reports and sign-off',
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

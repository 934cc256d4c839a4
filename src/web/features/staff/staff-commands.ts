import type { AreaCommands } from '../../lib/area';
import { staffArea } from './staff-area';

/**
 * The staff administration in the command palette and the shortcuts overlay. Loads with them, on first use, not with the
 * shell (lib/area.ts).
 */
export const staffCommands: AreaCommands = {
  area: staffArea,
  description: { nl: 'Medewerkers, rollen en de verbinding', en: 'People, roles and the connection' },
  commands: [
    {
      id: 'staff:invite',
      requires: ['staff:manage'],
      label: { nl: 'Iemand uitnodigen', en: 'Invite a person' },
      keywords: ['invite', 'uitnodigen', 'staff', 'medewerker', 'team', 'account'],
      run: ({ navigate }) => void navigate('/staff?invite=1'),
    },
    {
      id: 'staff:roles',
      requires: ['staff:manage'],
      label: { nl: 'Rollen en rechten', en: 'Roles and permissions' },
      keywords: ['roles', 'rollen', 'permissions', 'rechten', 'totp'],
      run: ({ navigate }) => void navigate('/staff/roles'),
    },
    {
      id: 'staff:connection',
      requires: ['connection:manage'],
      label: { nl: 'Verbinding en API-sleutel', en: 'Connection and API key' },
      keywords: ['connection', 'verbinding', 'api', 'key', 'sleutel'],
      run: ({ navigate }) => void navigate('/staff/connection'),
    },
  ],
};

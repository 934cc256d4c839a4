import { IconStaff } from '../../components/icons/area-icons';
import type { AreaMenu } from '../../lib/area';
import { staffArea } from './staff-area';

/**
 * The staff administration in the signed-in shell: navigation, command palette and shortcuts. Loads with the shell,
 * not with the sign-in page (lib/area.ts).
 */
export const staffMenu: AreaMenu = {
  area: staffArea,
  nav: {
    label: { nl: 'Team', en: 'Staff' },
    description: { nl: 'Medewerkers, rollen en de verbinding', en: 'People, roles and the connection' },
    icon: <IconStaff />,
    goKey: 't',
  },
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

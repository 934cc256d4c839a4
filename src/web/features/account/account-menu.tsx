import type { AreaMenu } from '../../lib/area';
import { accountArea } from './account-area';

/**
 * The account in the signed-in shell: navigation, command palette and shortcuts. Loads with the shell,
 * not with the sign-in page (lib/area.ts).
 */
export const accountMenu: AreaMenu = {
  area: accountArea,
  commands: [
    {
      id: 'account:open',
      label: { nl: 'Mijn account: wachtwoord, passkeys, sessies', en: 'My account: password, passkeys, sessions' },
      keywords: ['account', 'password', 'wachtwoord', 'passkey', 'sessions', 'sessies', 'totp', '2fa'],
      run: ({ navigate }) => void navigate('/account'),
    },
  ],
};

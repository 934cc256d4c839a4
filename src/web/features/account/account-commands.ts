import type { AreaCommands } from '../../lib/area';
import { accountArea } from './account-area';

/**
 * The account in the command palette and the shortcuts overlay. Loads with them, on first use, not with the
 * shell (lib/area.ts).
 */
export const accountCommands: AreaCommands = {
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

import type { AppArea } from '../../lib/area';

/** The signed-in person's own account: open to everyone signed in, reached from their name in the header. */
export const accountArea: AppArea = {
  id: 'account',
  routes: () => [
    {
      path: '/account',
      lazy: async () => ({ Component: (await import('./account-page')).AccountPage }),
    },
  ],
  commands: [
    {
      id: 'account:open',
      label: { nl: 'Mijn account: wachtwoord, passkeys, sessies', en: 'My account: password, passkeys, sessions' },
      keywords: ['account', 'password', 'wachtwoord', 'passkey', 'sessions', 'sessies', 'totp', '2fa'],
      run: ({ navigate }) => void navigate('/account'),
    },
  ],
};

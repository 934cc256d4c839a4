import type { Localized } from '../../lib/i18n';

/**
 * The trail's details in the reader's words where the gateway records a known key and value in English ("method:
 * password" read as "Aanmeldwijze: wachtwoord"); anything else is shown as recorded, as the trail must never hide
 * a value it cannot name.
 */
const DETAIL_NAMES: Readonly<Record<string, Localized>> = {
  method: { nl: 'Aanmeldwijze', en: 'Sign-in method' },
  reason: { nl: 'Reden', en: 'Reason' },
};

const DETAIL_VALUES: Readonly<Record<string, Readonly<Record<string, Localized>>>> = {
  // The gateway's SignInMethod (server/gateway/principal.ts), and `totp` of a refused second step.
  method: {
    password: { nl: 'wachtwoord', en: 'password' },
    'password+totp': { nl: 'wachtwoord en code-app', en: 'password and authenticator app' },
    totp: { nl: 'code-app', en: 'authenticator app' },
    passkey: { nl: 'passkey', en: 'passkey' },
    invitation: { nl: 'uitnodigingslink', en: 'invitation link' },
    reset: { nl: 'herstellink', en: 'reset link' },
    setup: { nl: 'eerste inrichting', en: 'first setup' },
    sso: { nl: 'single sign-on', en: 'single sign-on' },
  },
  // Why a sign-in was refused (auth/sign-in-service.ts, auth/passkey-service.ts).
  reason: {
    'wrong password': { nl: 'onjuist wachtwoord', en: 'wrong password' },
    'unknown email': { nl: 'onbekend e-mailadres', en: 'unknown email address' },
    'account disabled': { nl: 'account uitgeschakeld', en: 'account disabled' },
    'wrong code': { nl: 'verkeerde code', en: 'wrong code' },
  },
};

/** One detail as a line: its name and value in the reader's language where known, else as recorded. */
export function detailLine(key: string, value: string, localized: (text: Localized) => string): string {
  const name = DETAIL_NAMES[key];
  const known = DETAIL_VALUES[key]?.[value];
  return `${name ? localized(name) : key}: ${known ? localized(known) : value}`;
}

import type { Translate } from '../../lib/i18n';
import { withLocalMessages } from '../../lib/local-server-error';
import type { StaffMessageKey } from './staff-messages';

/**
 * The gateway answers in English (one language for logs, tests and integrators); the administrator reads
 * the app's language. Its known sentences map to our texts; an unknown one is shown as it came.
 */
const KNOWN: Readonly<Record<string, StaffMessageKey>> = {
  'Someone already has an account with this email address': 'serverEmailTaken',
  'Enter a valid email address': 'emailInvalid',
  'Enter the name': 'nameRequired',
  'Enter a name': 'nameRequired',
  'Choose one of the roles': 'roleRequired',
  'The organisation needs at least one person who can manage staff': 'serverLastAdministrator',
  'You cannot disable your own account': 'serverDisableSelf',
  'A role with this name exists': 'serverRoleNameTaken',
  'The Ticketing Service does not accept this client name and API key': 'serverKeyRefused',
  'Enter the API key': 'apiKeyRequired',
  'Enable the account first.': 'serverEnableFirst',
  'Give its members another role first.': 'deleteBlocked',
  'The Ticketing Service is busy. Try again shortly.': 'serverServiceBusy',
  'The Ticketing Service cannot be reached. Try again later.': 'serverServiceUnreachable',
};

/** The length limit of any field (src/contract's `At most ${max} characters`). */
const AT_MOST = /^At most (\d+) characters$/;

export function localServerMessage(message: string, t: Translate<StaffMessageKey>): string {
  const key = KNOWN[message];
  if (key) return t(key);
  const atMost = AT_MOST.exec(message);
  return atMost ? t('tooLong', { max: Number(atMost[1]) }) : message;
}

/** The same failure with its message and field messages in the reader's language; anything else unchanged. */
export function localServerError(error: unknown, t: Translate<StaffMessageKey>): unknown {
  return withLocalMessages(error, (message) => localServerMessage(message, t));
}

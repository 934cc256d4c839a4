import type { Translate } from '../../lib/i18n';
import type { ShiftsMessageKey } from './shifts-messages';

/**
 * The texts of src/contract's shift requests (the gateway's, in English) that the forms check with the same
 * schemas, in the reader's language; any other text (the forms' own are translated already) as it is.
 */
const CONTRACT_TEXTS: Readonly<Record<string, ShiftsMessageKey>> = {
  'Name the desk': 'deskRequired',
  'At most 60 characters': 'deskTooLong',
  'At most 500 characters': 'reasonTooLong',
};

export function localShiftMessage(message: string, t: Translate<ShiftsMessageKey>): string {
  const key = CONTRACT_TEXTS[message];
  return key ? t(key) : message;
}

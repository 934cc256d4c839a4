import { isApiError } from '../../lib/api-error';
import type { Translate } from '../../lib/i18n';
import { withLocalMessages } from '../../lib/local-server-error';
import type { signInMessages } from './sign-in-messages';

type Key = keyof typeof signInMessages.nl;

/**
 * The gateway's sentences about passwords, codes and accounts (auth/*-service.ts, password-policy.ts), which
 * it writes in English for logs, tests and integrators, in the reader's language. An unknown one comes as it
 * came.
 */
const KNOWN: Readonly<Record<string, Key>> = {
  'This password is too common or too easy to guess; add words only you would pick': 'serverPasswordWeak',
  'This is not your current password': 'serverNotCurrentPassword',
  'This account is disabled. Ask an administrator.': 'serverAccountDisabled',
  'The account cannot sign in now.': 'serverCannotSignIn',
  'The sign-in has expired. Enter your password again.': 'serverSignInExpired',
  'That code is not right. Enter the current code from your app.': 'serverCodeWrong',
  // The same refusal's message on the code field.
  'That code is not right': 'serverCodeWrong',
  'That code is not right. Check the time on your phone and try the current code.': 'serverCodeWrongSetup',
  'This passkey could not be verified. Try again.': 'serverPasskeyNotVerified',
};

const LENGTH = /^Use at (least|most) (\d+) characters$/;

export function localAuthMessage(message: string, t: Translate<Key>): string {
  const key = KNOWN[message];
  if (key) return t(key);
  const length = LENGTH.exec(message);
  if (!length) return message;
  return t(length[1] === 'least' ? 'serverPasswordShort' : 'serverPasswordLong', { count: Number(length[2]) });
}

/** One field's messages of a failure in the reader's language, for the field's `error`; undefined for none. */
export function localFieldError(error: unknown, field: string, t: Translate<Key>): string | undefined {
  if (!isApiError(error)) return undefined;
  return error.fieldErrors[field]?.map((message) => localAuthMessage(message, t)).join(' ');
}

/** The same failure with its message and field messages in the reader's language; anything else unchanged. */
export function localAuthError(error: unknown, t: Translate<Key>): unknown {
  return withLocalMessages(error, (message) => localAuthMessage(message, t));
}

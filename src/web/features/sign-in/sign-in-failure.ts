import { isApiError } from '../../lib/api-error';
import type { Translate } from '../../lib/i18n';
import { localAuthMessage } from './auth-server-messages';
import type { signInMessages } from './sign-in-messages';

type Key = keyof typeof signInMessages.nl;

/** What a failed sign-in step tells the person: wrong credentials, wait, or why it cannot be done now. */
export function signInFailure(error: unknown, t: Translate<Key>, networkText: string, unexpectedText: string): string {
  if (!isApiError(error)) return t('signInUnavailable', { message: unexpectedText });
  if (error.kind === 'unauthorized') return t('signInWrong');
  if (error.kind === 'rateLimited') {
    return error.retryAfterSeconds !== undefined
      ? t('signInRateLimited', { seconds: error.retryAfterSeconds })
      : t('signInRateLimitedNoTime');
  }
  if (error.kind === 'network') return t('signInUnavailable', { message: networkText });
  if (error.refusal?.kind === 'outside-networks') {
    return t('signInOutsideNetworks', { address: error.refusal.address ?? '?' });
  }
  return error.message ? localAuthMessage(error.message, t) : t('signInUnavailable', { message: unexpectedText });
}

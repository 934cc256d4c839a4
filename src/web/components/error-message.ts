import { isApiError } from '../lib/api-error';
import type { appMessages } from '../lib/app-messages';
import type { Translate } from '../lib/i18n';

type AppKey = keyof typeof appMessages.nl;

/** A sentence for a person, whatever failed: the kind decides, the server's own message when it has one. */
export function describeError(error: unknown, t: Translate<AppKey>): string {
  if (!isApiError(error)) return t('errorUnexpected');
  switch (error.kind) {
    case 'network':
      return t('errorNetwork');
    case 'forbidden':
      if (error.refusal?.kind === 'outside-networks') {
        return t('errorOutsideNetworks', { address: error.refusal.address ?? '?' });
      }
      // The gateway says which permission the person's role lacks.
      return error.message || t('errorForbidden');
    case 'notFound':
      return error.message || t('errorNotFound');
    case 'server':
      return t('errorServer');
    case 'rateLimited':
      return t('errorRateLimited', { seconds: error.retryAfterSeconds ?? 30 });
    case 'unexpectedResponse':
      return t('errorUnexpected');
    default:
      return error.message;
  }
}

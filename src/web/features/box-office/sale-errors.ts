import { isApiError } from '../../lib/api-error';

/**
 * The words of a failed add or checkout that belong beside the control: a 422's field messages (or its
 * message), a 409's message; null for failures the page reports in general (network, server).
 */
export function fieldMessageOf(error: unknown): string | null {
  if (!isApiError(error)) return null;
  if (error.kind === 'validation') {
    const messages = Object.values(error.fieldErrors).flat();
    return messages.length > 0 ? messages.join(' ') : error.message;
  }
  if (error.kind === 'conflict') return error.message;
  return null;
}

/** Emptying a cart whose checkout got no answer: it may be sold, so the checkout is to be tried again first. */
export class UnansweredCheckoutError extends Error {
  override readonly name = 'UnansweredCheckoutError';
  constructor() {
    super('The checkout of this cart got no answer: try it again before emptying the cart.');
  }
}

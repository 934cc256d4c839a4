/**
 * The upstream concern's public entry: the one client every call to the Ticketing Service goes through (it opens
 * the organisation's key, sets authorization, applies timeouts and the retry policies named here), and the reading
 * of a `Retry-After` the service sends. Nothing else is used from outside this folder.
 */
export {
  BACKGROUND_RETRY,
  INTERACTIVE_RETRY,
  type KeyOpener,
  type RetryPolicy,
  retryAfterMs,
  SINGLE_ATTEMPT,
  UpstreamClient,
  type UpstreamPage,
} from './upstream-client';

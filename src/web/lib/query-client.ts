import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';
import { backoffMs } from './sleep';

const MAX_QUERY_ATTEMPTS = 3;

/** Reads are retried when the failure was transient (network, 5xx, 429); a 4xx answer will not change. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_QUERY_ATTEMPTS) return false;
  if (isApiError(error)) return error.isTransient;
  // A render-time bug or an unknown failure: one more try costs little.
  return failureCount < 1;
}

/**
 * How long a read waits before its next try: what the server asked for (`Retry-After`), else the backoff.
 * The one rule of the app's retries: React Query's (here) and the page walker's (fetch-all-pages.ts).
 */
export function queryRetryDelay(failureCount: number, error: unknown): number {
  if (isApiError(error) && error.retryAfterSeconds !== undefined) return error.retryAfterSeconds * 1000;
  return backoffMs(failureCount);
}

export interface QueryClientHooks {
  /** Any call answered 401: the session lapsed (or was revoked). */
  onUnauthorized: () => void;
}

export function createQueryClient(hooks: QueryClientHooks): QueryClient {
  const onError = (error: unknown) => {
    if (isApiError(error) && error.kind === 'unauthorized') hooks.onUnauthorized();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
        staleTime: 30_000,
        refetchOnWindowFocus: true,
      },
      // A write repeated on its own could act twice (two orders, two tag changes): the person decides.
      mutations: { retry: false },
    },
  });
}

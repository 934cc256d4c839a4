import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';
import { readRetryDelayMs, shouldRetryRead } from './retry-policy';

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
        // The app's one retry policy (retry-policy.ts): transient failures of reads, Retry-After honoured.
        retry: shouldRetryRead,
        retryDelay: readRetryDelayMs,
        staleTime: 30_000,
        refetchOnWindowFocus: true,
      },
      // A write repeated on its own could act twice (two orders, two tag changes): the person decides. Offline it
      // fails at once rather than waiting, paused, to be sent when the network comes back: a checkout at a desk
      // spun with no word, and would have sold to a buyer the seller had meanwhile given up on.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useSyncExternalStore } from 'react';
import { sessionQuery } from '../../app/session';
import { customerQueries } from '../../lib/queries/customer-queries';
import type { Customer } from '../../lib/schemas/customer';
import { type CustomerDirectory, customerDirectoryFor, type DirectoryState } from './customer-directory';

/**
 * The signed-in client's customer directory, loading in the background from the first use on, refreshed
 * (changedSince) whenever the window regains focus. Sign-out (which clears the query cache) forgets it.
 */
export function useCustomerDirectory(): { directory: CustomerDirectory | null; state: DirectoryState | null } {
  const queryClient = useQueryClient();
  const { data: session } = useQuery(sessionQuery);
  const clientName = session?.clientName ?? null;
  const directory = useMemo(
    () => (clientName ? customerDirectoryFor(clientName, queryClient) : null),
    [clientName, queryClient],
  );

  useEffect(() => {
    if (!directory) return;
    directory.ensureLoaded();
    const onFocus = () => void directory.refresh();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void directory.refresh();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [directory]);

  const state = useSyncExternalStore(
    directory?.subscribe ?? noSubscribe,
    directory?.getState ?? noState,
    directory?.getState ?? noState,
  );
  return { directory, state };
}

const noSubscribe = () => () => {};
const noState = () => null;

/** Name of the User Timing measure of each local search. */
export const SEARCH_MEASURE = 'foyer:customer-search';

const EXACT_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isExactEmail(text: string): boolean {
  return EXACT_EMAIL.test(text.trim());
}

export interface CustomerSearch {
  /** Matches best first; null when the query is empty. */
  matches: Customer[] | null;
  /** The query that `matches` answers (it lags the typed one while a search is deferred). */
  answered: string;
  /** An exact email is also asked of the service (a customer created elsewhere a moment ago). */
  emailLookup: { pending: boolean; error: unknown };
}

/**
 * Searches the directory as the person types: the search runs on a deferred copy of the query so typing
 * never waits for it; an exact email is checked with `findByEmail` too, and a customer found that way is
 * put first (and into the directory).
 */
export function useCustomerSearch(directory: CustomerDirectory | null, version: number, query: string): CustomerSearch {
  const deferred = useDeferredValue(query);
  const email = isExactEmail(deferred) ? deferred.trim() : '';
  const lookup = useQuery({ ...customerQueries.byEmail(email), enabled: email !== '' });
  const found = email !== '' ? (lookup.data ?? null) : null;

  useEffect(() => {
    if (found && directory) directory.put(found);
  }, [found, directory]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: version stands for the directory's contents
  const local = useMemo(() => {
    const started = performance.now();
    const result = directory?.index.search(deferred) ?? null;
    // The last search's time as a User Timing entry (only the last is kept): the bench reads it
    // (e2e/bench/customers-suite.ts).
    if (result && typeof performance.measure === 'function') {
      performance.clearMeasures(SEARCH_MEASURE);
      performance.measure(SEARCH_MEASURE, { start: started, end: performance.now() });
    }
    return result;
  }, [directory, version, deferred]);
  const matches = useMemo(() => {
    if (!local) return null;
    if (!found) return local.customers;
    return [found, ...local.customers.filter((customer) => customer.customerId !== found.customerId)];
  }, [local, found]);
  return {
    matches,
    answered: deferred,
    emailLookup: { pending: email !== '' && lookup.isFetching, error: lookup.error },
  };
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { sessionQuery } from '../../app/session';
import { customerQueries } from '../../lib/queries/customer-queries';
import type { Customer } from '../../lib/schemas/customer';
import { type CustomerDirectory, customerDirectoryFor, type DirectoryState } from './customer-directory';
import type { CustomerQuery, CustomerQueryAnswer } from './customer-directory-protocol';

/**
 * The signed-in client's customer directory, loading in the background (in a Web Worker) from the first use on, refreshed
 * (changedSince) whenever the window regains focus. Sign-out (which clears the query cache) forgets it.
 * Its state is not watched here: screens pick what they show with useDirectoryState or useDirectoryValue.
 */
export function useDirectory(load = true): CustomerDirectory | null {
  const queryClient = useQueryClient();
  const { data: session } = useQuery(sessionQuery);
  // `load` false (a seller without customers:read, who may not read the list): no directory, nothing loads.
  const clientName = load ? (session?.clientName ?? null) : null;
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
  return directory;
}

/** The directory's whole state: the screen renders again at every change (a few times a second while loading). */
export function useDirectoryState(directory: CustomerDirectory | null): DirectoryState | null {
  return useSyncExternalStore(
    directory?.subscribe ?? noSubscribe,
    directory?.getState ?? noState,
    directory?.getState ?? noState,
  );
}

/**
 * One value picked from the directory's state (compared with Object.is): the screen renders again only when
 * that value changes — not at every page of a load, when a large table would be redrawn for nothing.
 */
export function useDirectoryValue<Value>(
  directory: CustomerDirectory | null,
  pick: (state: DirectoryState) => Value,
  fallback: Value,
): Value {
  const snapshot = () => (directory ? pick(directory.getState()) : fallback);
  return useSyncExternalStore(directory?.subscribe ?? noSubscribe, snapshot, snapshot);
}

/** The directory and its whole state (see useDirectory, useDirectoryState); `load` false: none. */
export function useCustomerDirectory(load = true): {
  directory: CustomerDirectory | null;
  state: DirectoryState | null;
} {
  const directory = useDirectory(load);
  return { directory, state: useDirectoryState(directory) };
}

const noSubscribe = () => () => {};
const noState = () => null;

/** Names of the User Timing measures of each search: the engine's time, and asking to answer on the page. */
export const SEARCH_MEASURE = 'foyer:customer-search';
export const SEARCH_ANSWER_MEASURE = 'foyer:customer-search-answer';

const EXACT_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isExactEmail(text: string): boolean {
  return EXACT_EMAIL.test(text.trim());
}

/** A query's answer as a screen shows it. */
export interface CustomerQueryState {
  /** The rows asked for, best match (or the sort) first; undefined until the first answer. */
  rows: Customer[] | undefined;
  /** Matches in all. */
  total: number | undefined;
  /** The search text that `rows` answer (it lags the typed one while the engine works). */
  answered: string | null;
  /** An exact email is also asked of the service (a customer created elsewhere a moment ago). */
  emailLookup: { pending: boolean; error: unknown };
}

/**
 * Asks the directory's engine (a Web Worker) for the rows a screen shows — again whenever the query or the
 * customers change — so typing never waits for a search. An exact email is checked with `findByEmail` too,
 * and a customer found that way is put first (and into the directory). `query` null: nothing to ask.
 */
export function useCustomerQuery(
  directory: CustomerDirectory | null,
  version: number,
  query: CustomerQuery | null,
): CustomerQueryState {
  const text = query?.text ?? '';
  const email = isExactEmail(text) ? text.trim() : '';
  const lookup = useQuery({ ...customerQueries.byEmail(email), enabled: email !== '' });
  const found = email !== '' ? (lookup.data ?? null) : null;
  const [answer, setAnswer] = useState<CustomerQueryAnswer | null>(null);

  useEffect(() => {
    if (found && directory) directory.put(found);
  }, [found, directory]);

  const key = query ? JSON.stringify(query) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for the query, version for the customers
  useEffect(() => {
    if (!directory || !query) return;
    let current = true;
    const started = performance.now();
    directory.query(query).then(
      (value) => {
        if (!current) return;
        // Each search as User Timing entries (only the last of each is kept): the engine's time for it (the
        // bench reads this one, e2e/bench/customers-suite.ts), and from asking to the answer on this thread
        // (which also waits for whatever else this thread is doing).
        if (value.text.trim() !== '' && typeof performance.measure === 'function') {
          performance.clearMeasures(SEARCH_MEASURE);
          performance.measure(SEARCH_MEASURE, { start: started, duration: value.searchMs });
          performance.clearMeasures(SEARCH_ANSWER_MEASURE);
          performance.measure(SEARCH_ANSWER_MEASURE, { start: started, end: performance.now() });
        }
        setAnswer(value);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [directory, version, key]);

  const rows = useMemo(() => {
    if (!answer) return undefined;
    const first = query?.offset === 0 && found && answer.text === text;
    if (!first) return answer.rows;
    return [found, ...answer.rows.filter((customer) => customer.customerId !== found.customerId)];
  }, [answer, found, query?.offset, text]);
  return {
    rows,
    total: answer ? answer.total + (rows && rows.length > answer.rows.length ? 1 : 0) : undefined,
    answered: answer?.text ?? null,
    emailLookup: { pending: email !== '' && lookup.isFetching, error: lookup.error },
  };
}

import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { addDays, isoLocalDate } from '../../lib/format';
import { eventQueries } from '../../lib/queries/event-queries';
import { performancesFrom } from './performances';

function readEventId(search: URLSearchParams): number | null {
  const value = Number(search.get('event'));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * The performance on sale: the one named in the URL (`?event=ID`), else today's first. Each search
 * request (`/`, a new sale) focuses the picker's search.
 */
export function useChosenPerformance() {
  const [search, setSearch] = useSearchParams();
  // A choice takes effect in the seller's own key press; the URL follows a moment later (the router renders
  // it in a transition). Until the URL changes, the choice stands in for it, so a key pressed in between
  // ("2" for two tickets right after Enter) counts for the chosen performance and is not reset when the URL
  // lands. Once the URL changes (to the choice, or by Back), the URL is what counts.
  const urlEvent = search.get('event');
  const [pending, setPending] = useState<{ eventId: number | null; urlEvent: string | null } | null>(null);
  if (pending && pending.urlEvent !== urlEvent) setPending(null);
  const chosenEventId = pending?.urlEvent === urlEvent ? pending.eventId : readEventId(search);
  const [searchRequest, setSearchRequest] = useState(0);

  // Today's first performance when none is chosen (the picker's list, shared through the query cache).
  const [now] = useState(() => new Date());
  const range = useMemo(() => ({ startDate: isoLocalDate(now), endDate: isoLocalDate(addDays(now, 365)) }), [now]);
  const performances = useQuery(eventQueries.list(range));
  const chooseEvent = useCallback(
    (next: number | null) => {
      setPending({ eventId: next, urlEvent });
      setSearch(
        (previous) => {
          const params = new URLSearchParams(previous);
          if (next === null) params.delete('event');
          else params.set('event', String(next));
          return params;
        },
        { replace: true },
      );
    },
    [setSearch, urlEvent],
  );
  // Computed, not written into the URL: the URL names only what someone chose, and once they start
  // searching (`/`) no default can slip in under their hands while the list arrives.
  const defaultEventId = useMemo(() => {
    const first = performances.data ? performancesFrom(performances.data, now)[0] : undefined;
    return first?.today ? first.event.eventId : null;
  }, [performances.data, now]);
  const eventId = chosenEventId ?? (searchRequest === 0 ? defaultEventId : null);
  // A search begun on the performance shown by default keeps it as the choice: left without one (Esc), the desk
  // sells what it showed (a walkthrough's `/` then Esc left "Kies eerst een voorstelling").
  const requestSearch = useCallback(() => {
    if (chosenEventId === null && searchRequest === 0 && defaultEventId !== null) chooseEvent(defaultEventId);
    setSearchRequest((count) => count + 1);
  }, [chosenEventId, searchRequest, defaultEventId, chooseEvent]);

  return { eventId, chooseEvent, searchRequest, requestSearch };
}

export type ChosenPerformance = ReturnType<typeof useChosenPerformance>;

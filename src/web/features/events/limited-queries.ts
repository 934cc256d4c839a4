import { type QueryFunction, type QueryKey, skipToken } from '@tanstack/react-query';
import pLimit from 'p-limit';
import { eventQueries } from '../../lib/queries/event-queries';
import { productionQueries } from './production-queries';

/**
 * Pages that need one call per row (the list endpoints carry neither availability nor production titles)
 * share this limit, so a long range asks the service a few at a time instead of all at once.
 */
export const DETAIL_CONCURRENCY = 4;
const limit = pLimit(DETAIL_CONCURRENCY);

function limited<Options extends { queryFn?: QueryFunction<Data, Key> | typeof skipToken }, Data, Key extends QueryKey>(
  options: Options & { queryFn?: QueryFunction<Data, Key> | typeof skipToken },
): Options {
  const { queryFn } = options;
  if (!queryFn || queryFn === skipToken) return options;
  return {
    ...options,
    queryFn: (context: Parameters<QueryFunction<Data, Key>>[0]) => limit(() => queryFn(context)),
  };
}

/** An event's detail (with availability), queued behind the shared limit; same key and cache as elsewhere. */
export const limitedEventDetail = (eventId: number) => limited(eventQueries.detail(eventId));

/** A production (its title), queued behind the shared limit. */
export const limitedProduction = (productionId: number) => limited(productionQueries.detail(productionId));

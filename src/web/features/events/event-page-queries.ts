import type { QueryClient } from '@tanstack/react-query';
import { eventQueries } from '../../lib/queries/event-queries';
import { hallQueries } from '../../lib/queries/hall-queries';
import { productionQueries } from './production-queries';

/**
 * Starts everything the event page shows, as early as possible: the event and the hall list at once, and
 * the production the moment the event says which one it is (while the page renders the event), instead of
 * after the page has rendered and mounted its production query. The page's own queries pick up the data.
 */
export function prefetchEventPage(queryClient: QueryClient, eventId: number): void {
  void queryClient.prefetchQuery(hallQueries.list());
  queryClient
    .fetchQuery(eventQueries.detail(eventId))
    .then((event) => queryClient.prefetchQuery(productionQueries.detail(event.productionId)))
    .catch(() => {
      // Only a head start: the page's own query shows the error.
    });
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { mirrorQueries } from '../../lib/queries/mirror-queries';
import { customerKeys } from './customer-queries';

/**
 * The customer searches come from the gateway's mirror: when a sync of its customers has finished since the
 * page opened (on schedule, or "Nu verversen"), they are asked again, so what the sync brought shows.
 */
export function useSearchAfterSync(): void {
  const queryClient = useQueryClient();
  const { data } = useQuery(mirrorQueries.status());
  // undefined: the status has not come yet; null: no sync of the customers has finished yet (a first one runs).
  const syncedAt = data
    ? (data.resources.find((part) => part.resource === 'customers')?.lastSuccessAt ?? null)
    : undefined;
  const seen = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (syncedAt === undefined) return;
    // The first value is what the page opened with: its searches are already from that copy.
    if (seen.current !== undefined && seen.current !== syncedAt) {
      void queryClient.invalidateQueries({ queryKey: customerKeys.searches() });
    }
    seen.current = syncedAt;
  }, [syncedAt, queryClient]);
}

import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { MirrorResource } from '@/contract/mirror';
import { mirrorQueries } from './mirror-queries';

/**
 * For pages whose answers come from the gateway's mirror: when a sync of one of `resources` has finished since the
 * page opened (on schedule, or "Nu verversen"), the queries under `queryKeys` are asked again, so what the sync
 * brought shows. Both are constants of the caller's module.
 */
export function useRefetchAfterSync(resources: readonly MirrorResource[], queryKeys: readonly QueryKey[]): void {
  const queryClient = useQueryClient();
  const { data } = useQuery(mirrorQueries.status());
  // undefined: the status has not come yet; otherwise when each part last finished a sync ('-': not yet, a first one runs).
  const syncedAt = data
    ? resources
        .map((resource) => data.resources.find((part) => part.resource === resource)?.lastSuccessAt ?? '-')
        .join()
    : undefined;
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (syncedAt === undefined) return;
    // The first value is what the page opened with: its answers are already from that copy.
    if (seen.current !== undefined && seen.current !== syncedAt) {
      for (const queryKey of queryKeys) void queryClient.invalidateQueries({ queryKey });
    }
    seen.current = syncedAt;
  }, [syncedAt, queryKeys, queryClient]);
}

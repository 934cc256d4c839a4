import { queryOptions, useQuery } from '@tanstack/react-query';
import { autoTagsInUseSchema } from '@/contract/customer-jobs';
import { apiClient } from '../../lib/api-client';
import { useCan } from '../../lib/use-can';

const autoTagsQuery = () =>
  queryOptions({
    queryKey: ['customers', 'auto-tags'] as const,
    queryFn: ({ signal }) => apiClient.get('/api/auto-tags', { schema: autoTagsInUseSchema, signal }),
    staleTime: 60_000,
  });

/**
 * The segment that keeps `tag` in step (null: none, or it is paused): a tag set or taken off by hand is set back
 * by that segment's next round, which whoever sets tags is told (a walkthrough's hand-set VIP was gone a minute
 * later, unexplained).
 */
export function useAutoTagKeeper(): (tag: string) => string | null {
  const mayTag = useCan('tags:write');
  const autoTags = useQuery({ ...autoTagsQuery(), enabled: mayTag });
  return (tag) => autoTags.data?.data.find((entry) => entry.tag === tag && !entry.paused)?.segmentName ?? null;
}

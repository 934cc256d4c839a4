import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { limitedProduction } from './limited-queries';

/**
 * Titles of the given productions. The event list names only a production's id, so each title takes a
 * production call (cached for minutes, a few at a time); until it is there, or if it fails, the caller
 * shows its fallback.
 */
export function useProductionTitles(productionIds: readonly number[]): (productionId: number) => string | undefined {
  const ids = useMemo(() => [...new Set(productionIds)].sort((a, b) => a - b), [productionIds]);
  const titles = useQueries({
    queries: ids.map((id) => ({
      ...limitedProduction(id),
      select: (production: { title: string }) => production.title,
    })),
    combine: (results) => results.map((result) => result.data),
  });
  return useMemo(() => {
    const byId = new Map(ids.map((id, index) => [id, titles[index]]));
    return (productionId: number) => byId.get(productionId);
  }, [ids, titles]);
}

import { infiniteQueryOptions } from '@tanstack/react-query';
import { STORY_KINDS, type StoryKind, storyPageSchema } from '@/contract/customer-story';
import { apiClient } from '../../lib/api-client';

/**
 * A customer's story (`GET /api/customers/:id/story`), page after page by its cursor. The keys start with
 * ['customer-story', customerId]: the notes' mutations refresh the story of the customer they changed.
 */
export const customerStoryKeys = {
  all: ['customer-story'] as const,
  customer: (customerId: number) => [...customerStoryKeys.all, customerId] as const,
  story: (customerId: number, kinds: readonly StoryKind[]) =>
    [...customerStoryKeys.customer(customerId), kinds] as const,
};

export const customerStoryQueries = {
  story: (customerId: number, kinds: readonly StoryKind[]) =>
    infiniteQueryOptions({
      queryKey: customerStoryKeys.story(customerId, kinds),
      queryFn: ({ pageParam, signal }) =>
        apiClient.get(`/api/customers/${customerId}/story`, {
          schema: storyPageSchema,
          query: {
            before: pageParam,
            kinds: kinds.length === STORY_KINDS.length ? undefined : kinds.join(','),
          },
          signal,
        }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.next ?? undefined,
      staleTime: 30_000,
    }),
};

/** The kinds a `story` URL parameter names (all when absent or naming none). */
export function kindsOf(param: string | null): StoryKind[] {
  const named = (param ?? '')
    .split(',')
    .filter((kind): kind is StoryKind => (STORY_KINDS as readonly string[]).includes(kind));
  return named.length > 0 ? STORY_KINDS.filter((kind) => named.includes(kind)) : [...STORY_KINDS];
}

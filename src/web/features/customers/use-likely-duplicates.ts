import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import { DRAFT_KEY_FIELDS, type LikelyDuplicate, type LikelyDuplicatesDraft } from '@/contract/likely-duplicates';
import type { CustomerFormValues } from './customer-form-schema';
import { customerQueries } from './customer-queries';
import { draftOf, worthAsking } from './likely-duplicates';

/** How long typing pauses before the gateway is asked (as the buyer lookup). */
const SETTLE_MS = 400;

/**
 * The customers a customer being created may already be, as the person types (`enabled`: only when creating).
 * Asked once the typing pauses and the draft could share a key; an answer stays until the next one arrives,
 * and none is shown once the draft no longer could.
 */
export function useLikelyDuplicates(
  control: Control<CustomerFormValues>,
  enabled: boolean,
): { matches: LikelyDuplicate[]; draft: LikelyDuplicatesDraft } {
  const values = useWatch({ control, name: DRAFT_KEY_FIELDS });
  // Debounced as text: a new object at every render would restart the wait for good.
  const typed = JSON.stringify(draftOf(Object.fromEntries(DRAFT_KEY_FIELDS.map((field, i) => [field, values[i]]))));
  const [settled] = useDebouncedValue(typed, SETTLE_MS);
  const draft = useMemo(() => JSON.parse(settled) as LikelyDuplicatesDraft, [settled]);
  const asking = enabled && worthAsking(draft);
  const { data } = useQuery({
    ...customerQueries.likelyDuplicates(draft),
    enabled: asking,
    placeholderData: keepPreviousData,
  });
  return { matches: asking ? (data?.data ?? []) : [], draft };
}

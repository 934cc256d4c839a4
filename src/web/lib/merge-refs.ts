import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

/**
 * Stands in for `useMergeRefs` of @floating-ui/react inside Mantine's ScrollArea (see vite.config.ts): the
 * same job done by Mantine's own hook, so a table does not bring the whole positioning library along.
 */
export function useMergeRefs<T>(refs: Array<Ref<T> | undefined>) {
  return useMergedRef<T>(...refs);
}

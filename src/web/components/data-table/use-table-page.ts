import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** A 1-based page number from the URL; anything else (missing, 0, "abc", 2.5) reads as page 1. */
export function readPage(value: string | null): number {
  if (!value || !/^\d+$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 && Number.isSafeInteger(page) ? page : 1;
}

/**
 * The table's page lives in the URL (`?page=3`), so a page can be linked, reloaded and reached with Back.
 * Page 1 is the bare URL. Other search parameters (filters) are kept.
 */
export function useTablePage(param = 'page'): [page: number, setPage: (page: number) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = readPage(searchParams.get(param));
  const setPage = useCallback(
    (next: number) => {
      setSearchParams((previous) => {
        const params = new URLSearchParams(previous);
        if (next <= 1) params.delete(param);
        else params.set(param, String(next));
        return params;
      });
    },
    [param, setSearchParams],
  );
  return [page, setPage];
}

import { PAGE_SIZE, type Paginated } from '../contract/pagination';

/**
 * Builds the envelope of spec 2.14. Page URLs are absolute and work with the request's method: every
 * query parameter of the request (e.g. `changedSince`) is carried, plus the extra ones given (a POST
 * export's `changedSince` from its body), so following `next_page_url` keeps the same filter.
 */
export function pageEnvelope<Row>(options: {
  requestUrl: string;
  page: number;
  total: number;
  data: Row[];
  carry?: Record<string, string | undefined>;
}): Paginated<Row> {
  return { data: options.data, ...pageEnvelopeFields({ ...options, rowCount: options.data.length }) };
}

/**
 * The envelope's fields after `data` (spec 2.14), for `rowCount` rows of page `page` of `total`. Prepared
 * pages (prepared-responses.ts) write them after rows that are already JSON text.
 */
export function pageEnvelopeFields(options: {
  requestUrl: string;
  page: number;
  total: number;
  rowCount: number;
  carry?: Record<string, string | undefined>;
}): Omit<Paginated<never>, 'data'> {
  const { page, total, rowCount } = options;
  const base = new URL(options.requestUrl);
  for (const [name, value] of Object.entries(options.carry ?? {})) {
    if (value !== undefined) base.searchParams.set(name, value);
  }
  const path = `${base.origin}${base.pathname}`;
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const pageUrl = (n: number) => {
    const url = new URL(base);
    url.searchParams.set('page', String(n));
    return url.toString();
  };
  const from = rowCount > 0 ? (page - 1) * PAGE_SIZE + 1 : 0;
  return {
    current_page: page,
    last_page: lastPage,
    per_page: PAGE_SIZE,
    total,
    next_page_url: page < lastPage ? pageUrl(page + 1) : null,
    prev_page_url: page > 1 ? pageUrl(Math.min(page - 1, lastPage)) : null,
    first_page_url: pageUrl(1),
    last_page_url: pageUrl(lastPage),
    from,
    to: rowCount > 0 ? from + rowCount - 1 : 0,
    path,
  };
}

/** OFFSET of a 1-based page. */
export const pageOffset = (page: number) => (page - 1) * PAGE_SIZE;

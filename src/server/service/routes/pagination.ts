import { PAGE_SIZE, type Paginated } from '../../../contract/pagination';
import { PreparedBody } from '../prepared-body';

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
  return { data: options.data, ...envelopeFields({ ...options, rowCount: options.data.length }) };
}

/** Rows already serialised (a prepared page of orders), and the bodies made from them so far. */
export interface PreparedPage {
  total: number;
  rowCount: number;
  dataJson: string;
  /** Bodies by their envelope, which names the request's origin and filter: a handful per page at most. */
  bodies: Map<string, PreparedBody>;
}

const MAX_BODIES_PER_PAGE = 4;

/**
 * The body of a prepared page: the same text `JSON.stringify` gives for `pageEnvelope` with those rows,
 * without parsing or serialising them again — made once per envelope and then reused (with its gzip) for
 * as long as the page is current.
 */
export function preparedPageBody(options: {
  requestUrl: string;
  page: number;
  prepared: PreparedPage;
  carry?: Record<string, string | undefined>;
}): PreparedBody {
  const { prepared } = options;
  const envelope = JSON.stringify(envelopeFields({ ...options, total: prepared.total, rowCount: prepared.rowCount }));
  let body = prepared.bodies.get(envelope);
  if (!body) {
    const oldest = prepared.bodies.keys().next();
    if (prepared.bodies.size >= MAX_BODIES_PER_PAGE && !oldest.done) prepared.bodies.delete(oldest.value);
    const head = `{"data":${prepared.dataJson},`;
    body = new PreparedBody(head + envelope.slice(1), { pageFieldsAt: head.length });
    prepared.bodies.set(envelope, body);
  }
  return body;
}

function envelopeFields(options: {
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

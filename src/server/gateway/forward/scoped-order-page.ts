import type { Context } from 'hono';
import { changedSincePageQuerySchema, exportBodySchema } from '@/contract/order';
import type { Paginated } from '@/contract/pagination';
import type { Database } from '../../db/database';
import { pageEnvelopeFields } from '../../pagination';
import { BadRequestError } from '../errors';
import { type OrderListing, scopedOrderListing } from '../exports';
import type { ChangedSince } from '../mirror';
import { PAGE_URL_KEYS } from '../page-urls';
import { parseInput, parseQuery } from '../request-input';

/**
 * `changedSince` as the service reads it (DESIGN.md decision 3): a datetime with an offset is that instant; a
 * date is the venue's midnight and a datetime without an offset the venue's wall-clock time.
 */
function changedSinceOf(value: string): ChangedSince {
  if (/(Z|[+-]\d{2}:?\d{2})$/i.test(value)) return { instant: new Date(value) };
  const [date = '', time = '00:00:00'] = value.split('T');
  return { wallClock: `${date} ${time.slice(0, 8).padEnd(8, ':00')}` };
}

/** The `changedSince` of a POST export's body (absent when the body is empty), checked as the service checks it. */
async function bodyChangedSince(c: Context): Promise<string | undefined> {
  const text = await c.req.text();
  if (!text.trim()) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new BadRequestError('Malformed JSON in request body');
  }
  return parseInput(body, exportBodySchema).changedSince;
}

/**
 * A scoped person's page of `GET /partner/order` or `POST /partner/export/orders`, answered by the gateway
 * (exports/scoped-order-listing.ts says why): the request's `page` and `changedSince` checked as the service
 * checks them (the export's body's `changedSince` before its query's), the envelope of spec 2.14 with the
 * gateway's root-relative page URLs, as a forwarded list has them.
 */
export async function scopedOrderPage(
  db: Database,
  c: Context,
  scope: { organisationId: number; listing: OrderListing; eventIds: readonly number[]; contact: boolean },
): Promise<Paginated<unknown>> {
  const query = parseQuery(c, changedSincePageQuerySchema);
  const changedSince = (scope.listing === 'export' ? await bodyChangedSince(c) : undefined) ?? query.changedSince;
  const page = query.page ?? 1;
  const { total, data } = await scopedOrderListing(
    db,
    scope.organisationId,
    { eventIds: scope.eventIds, namesOnly: !scope.contact },
    { listing: scope.listing, page, since: changedSince ? changedSinceOf(changedSince) : null },
  );
  const fields = pageEnvelopeFields({
    requestUrl: c.req.url,
    page,
    total,
    rowCount: data.length,
    carry: { changedSince },
  });
  const origin = new URL(c.req.url).origin;
  for (const key of PAGE_URL_KEYS) {
    const url = fields[key];
    if (url?.startsWith(origin)) fields[key] = url.slice(origin.length);
  }
  return { data, ...fields };
}

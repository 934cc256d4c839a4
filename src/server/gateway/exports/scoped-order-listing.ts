import { PAGE_SIZE } from '@/contract/pagination';
import type { Queryable } from '../../db/database';
import { UnavailableError } from '../errors';
import { type ChangedSince, mirrorCompleteBefore, mirroredOrderPage } from '../mirror';
import type { ExportRecord } from './export-rows';
import { type ExportCut, orderRecordsOf } from './export-sources';

/** Which of the service's order listings: `GET /partner/order` (newest first) or its orders export. */
export type OrderListing = 'orders' | 'export';

/**
 * A page of an order listing as a scoped person (a promoter) reads it: the orders with a seat of their events,
 * paged among themselves, in the service's order and shape (each with only their events' seats and money).
 * From the mirror, because the service's pages hold everyone's orders: cut page by page, they came out mostly
 * empty, and their `last_page` and `total` told how many orders the whole organisation has. Refused (503)
 * while the mirror's first sync of the orders has not finished.
 */
export async function scopedOrderListing(
  db: Queryable,
  organisationId: number,
  cut: ExportCut,
  request: { listing: OrderListing; page: number; since: ChangedSince | null },
): Promise<{ total: number; data: ExportRecord[] }> {
  if (!(await mirrorCompleteBefore(db, organisationId, 'orders'))) {
    throw new UnavailableError('The orders are still being copied from the ticketing service: try again shortly.');
  }
  const { total, rows } = await mirroredOrderPage(db, organisationId, {
    withinEvents: cut.eventIds,
    since: request.since,
    order: request.listing === 'orders' ? 'newest' : 'changed',
    offset: (request.page - 1) * PAGE_SIZE,
    size: PAGE_SIZE,
  });
  const table = { db, organisationId, withinEvents: cut.eventIds, namesOnly: cut.namesOnly };
  return { total, data: await orderRecordsOf(table, rows) };
}

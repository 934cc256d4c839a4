import type { SegmentRule } from '@/contract/segments';
import type { Database } from '../../db/database';
import { organisationsInFullSync } from '../mirror';
import { memberIds, refreshAllCustomerTotals, todayOf } from './segment-store';

/**
 * The segments concern's public entry: its routes, the keeper of its per-customer order totals (a background
 * job), and for the customer jobs (tag a segment, auto tags) a saved
 * segment and the members of a rule. Nothing else is used from outside this folder.
 */
/** This process's copies of the organisations' segment facts, which the builder's counts read (GatewayDeps). */
export { SegmentFactsDirectories } from './segment-facts-directory';
export { registerSegmentRoutes } from './segment-routes';
/** @public For the customer jobs (issue 30, items 2 and 3): a saved segment of the organisation, or null. */
export { findSegment, type StoredSegment } from './segment-store';

/**
 * The customer ids of a rule's members now, ascending. Productions and event types are those of the
 * service's event list as last read by a person's use of segments (gateway.segment_events).
 */
export function segmentMemberIds(db: Database, organisationId: number, rule: SegmentRule): Promise<number[]> {
  return memberIds(db, organisationId, rule, todayOf());
}

/**
 * Brings the per-customer order totals the mirror's writes marked up to date, for every organisation: run every
 * few seconds in the background, so a count after a large sync does not pay for all of it (a count still
 * refreshes what is left first). An organisation whose full sync is under way waits for its end (issue 32: on
 * PGlite the keeper's batches, one after the other while the sync marks its customers, made a first sync of
 * 100,000 customers take 2.1 times its download): the sync then leaves one run of marks to take.
 */
export async function refreshSegmentTotals(db: Database): Promise<void> {
  await refreshAllCustomerTotals(db, { deferred: await organisationsInFullSync(db) });
}

/**
 * The mirror of the Ticketing Service, as the rest of the gateway uses it: the routes of its status and
 * "refresh now", the sync that start-up makes (and the forwarder writes through), and the reads and writes
 * of mirrored records for the concerns that answer from them (mirror-reads.ts, mirror-store.ts). Two
 * readers keep their own statements over the mirror's tables: the reports (their rollups and order analysis
 * join the mirror's orders in one statement) and the customer directory (its load and catch-up, tuned with the
 * search index it feeds). The exports read mirror-reads.ts directly (see export-sources.ts).
 */
export {
  earlierDeskOrdersChangedIn,
  isOpenReservation,
  mirroredCustomers,
  openOrdersChangedSince,
  seatsByPriceName,
  waitingListByType,
  waitingListCountsOf,
} from './mirror-reads';
export { registerMirrorRoutes } from './mirror-routes';
export {
  fullSyncFinished,
  type MirrorCustomer,
  upsertCustomers,
  upsertOrders,
  upsertWaitingList,
} from './mirror-store';
export { MirrorSync, type SyncReport } from './mirror-sync';

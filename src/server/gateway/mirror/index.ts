/**
 * The mirror of the Ticketing Service, as the rest of the gateway uses it: the routes of its status and
 * "refresh now", the sync that start-up makes (and the forwarder writes through), and the reads and writes
 * of mirrored records for the concerns that answer from them (customer search, shifts, desk). The mirror's
 * tables are read and written in this folder only. (The exports read mirror-reads.ts directly: see
 * export-sources.ts.)
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

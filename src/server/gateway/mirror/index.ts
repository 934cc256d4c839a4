/**
 * The mirror of the Ticketing Service, as the rest of the gateway uses it: the routes of its status and
 * "refresh now", the sync that start-up makes (and the forwarder writes through), and the reads and writes
 * of mirrored records for the concerns that answer from them (mirror-reads.ts, customer-records.ts for one
 * customer's orders and waiting list, mirror-store.ts). Two readers keep their own statements over the mirror's
 * tables: the reports (their rollups and order analysis join the mirror's orders in one statement) and the
 * customer directory (its load and catch-up, tuned with the search index it feeds).
 */
export { mirroredCustomersByCard, mirroredCustomersByEmail, mirroredOrderByKey } from './code-lookups';
export {
  customerOrderFigures,
  customerOrdersBefore,
  customerWaitingListBefore,
  ordersOfCustomer,
  waitingListOfCustomer,
} from './customer-records';
export {
  type ChangedSince,
  earlierDeskOrdersChangedIn,
  isOpenReservation,
  MIRROR_BATCH,
  type MirrorCursor,
  type MirroredKind,
  type MirroredOrderRow,
  mirroredCount,
  mirroredCustomers,
  mirroredCustomersSince,
  mirroredOrderPage,
  mirroredOrdersSince,
  mirroredWaitingListSince,
  openOrdersChangedSince,
  orderLinesOf,
  seatsByPriceName,
  waitingListByType,
  waitingListCountsOf,
} from './mirror-reads';
export { registerMirrorRoutes } from './mirror-routes';
export {
  fullSyncFinished,
  lastCompleteSync,
  type MirrorCustomer,
  mirrorCompleteBefore,
  organisationsInFullSync,
  upsertCustomers,
  upsertOrders,
  upsertWaitingList,
} from './mirror-store';
export { MirrorSync, type SyncReport } from './mirror-sync';
export {
  type MirroredSearchRow,
  mirroredCustomerTotal,
  mirrorSnapshotXmin,
  SEARCH_READ_BATCH,
  searchRowsAfter,
  searchRowsChangedAfter,
} from './search-rows';

import type { MirrorResource } from '@/contract/mirror';
import type { Database, Queryable } from '../../db/database';
import { finishBulkCustomerWrite, upsertCustomers, upsertOrders, upsertWaitingList } from './mirror-store';
import type { SyncPace } from './sync-pace';

export interface ResourceSpec {
  name: MirrorResource;
  /** The POST export below `/v1/{client_name}` (spec 4.2). */
  path: string;
  /** The record field the watermark is kept from (spec 4.2's sync rules). */
  watermarkField: string;
  /** The mirror table (schema gateway) of its rows. */
  table: string;
  /** Its tables, the table above included, whose statistics a large write makes stale. */
  analyzed: readonly string[];
  /**
   * A full walk refreshes their statistics while it fills them, not only at its end: its own writes plan badly on
   * a table seen empty (orders: the foreign-key check of every order line). A customer write is an upsert by its
   * key whatever the statistics say, and analysing the customers (a wide JSON column) as they doubled took half
   * of a first sync's database time at 100,000 (bench:mirror, BENCH_PROFILE=1: 7.7 s in 14 analyses, two at once
   * waiting on each other).
   */
  analyzeWhileFilling?: boolean;
  /** Writes records (`bulk`: a first full sync's, see `finishBulk`); returns how many rows were written. */
  upsert(
    db: Queryable,
    organisationId: number,
    records: readonly Record<string, unknown>[],
    bulk: boolean,
  ): Promise<number>;
  /**
   * Two of its writes may run at once (one table, upserts by id that never go back in time: a record read twice,
   * at a page boundary that moved, waits for the other write's row). Not orders (a write deletes and inserts an
   * order's lines: two writes of one order at once could both insert them), nor the waiting list (the newest read
   * wins, so its writes keep their order).
   */
  overlappingWrites?: boolean;
  /** Read whole again this often, for changes that do not move the watermark. */
  reloadAfterMs?: number;
  /**
   * A first full sync writes in bulk (the triggers' per-statement work that can wait is skipped); this does
   * that work once the walk has read everything, before the full sync is marked finished, at the sync's pace (on a
   * server: two connections while nobody is being answered, one and a pause after each step beside a busy desk).
   */
  finishBulk?(db: Database, organisationId: number, pace: SyncPace): Promise<void>;
}

/**
 * The waiting list's reload period. Its watermark (`createdAt`) does not move when an entry is notified or
 * converted, so only a reload sees that; the list is small (a page per hundred entries), so every quarter of
 * an hour costs little.
 */
export const WAITING_LIST_RELOAD_MS = 15 * 60 * 1000;

export const RESOURCES: Record<MirrorResource, ResourceSpec> = {
  customers: {
    name: 'customers',
    path: '/partner/export/customers',
    watermarkField: 'lastChanged',
    upsert: upsertCustomers,
    table: 'mirror_customers',
    analyzed: ['mirror_customers'],
    finishBulk: finishBulkCustomerWrite,
    overlappingWrites: true,
  },
  orders: {
    name: 'orders',
    path: '/partner/export/orders',
    watermarkField: 'lastChanged',
    upsert: upsertOrders,
    table: 'mirror_orders',
    analyzed: ['mirror_orders', 'mirror_order_seats'],
    analyzeWhileFilling: true,
  },
  waitinglist: {
    name: 'waitinglist',
    path: '/partner/export/waitinglist',
    watermarkField: 'createdAt',
    upsert: upsertWaitingList,
    table: 'mirror_waiting_list',
    analyzed: ['mirror_waiting_list'],
    reloadAfterMs: WAITING_LIST_RELOAD_MS,
  },
};

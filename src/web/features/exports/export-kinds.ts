import type { Permission } from '../../../contract/staff';
import {
  clientTypesLayout,
  customersLayout,
  orderSeatsLayout,
  ordersLayout,
  type RowLayout,
  waitingListLayout,
} from './export-rows';
import type { WatermarkKind } from './watermark';

/** What can be exported (spec 4.2, exports). */
export const EXPORT_KINDS = ['customers', 'orders', 'waitinglist', 'clienttypes'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/**
 * Who may export what (any one of the permissions), as the gateway allows the calls behind it: the customer
 * export is the customer list (customers:read); orders and the waiting list are exports:run.
 */
export const EXPORT_KIND_REQUIRES: Record<ExportKind, readonly Permission[]> = {
  customers: ['customers:read'],
  orders: ['exports:run'],
  waitinglist: ['exports:run'],
  clienttypes: ['customers:read', 'customers:write', 'tags:write'],
};

/** The kinds a person with `permissions` may export, in the page's order. */
export function allowedExportKinds(permissions: readonly Permission[]): ExportKind[] {
  return EXPORT_KINDS.filter((kind) =>
    EXPORT_KIND_REQUIRES[kind].some((permission) => permissions.includes(permission)),
  );
}

/** `kind` when it is allowed; else the first allowed one (a link or the default the person may not use). */
export function allowedKind(kind: ExportKind, allowed: readonly ExportKind[]): ExportKind {
  return allowed.includes(kind) ? kind : (allowed[0] ?? kind);
}

/** Orders: one row per order, or one per seat. */
export const ORDER_ROW_SHAPES = ['order', 'seat'] as const;
export type OrderRowShape = (typeof ORDER_ROW_SHAPES)[number];

/** A paginated export (spec 2.14) that supports `changedSince`, so it can run incrementally. */
export interface PagedExport {
  paged: true;
  kind: ExportKind;
  /** File name part and watermark key: orders per seat and per order are separate downstream copies. */
  watermarkKind: WatermarkKind;
  path: string;
  /** The high-watermark field (spec 4.2): `lastChanged`, or `createdAt` for waiting-list entries. */
  timeField: 'lastChanged' | 'createdAt';
  idField: 'customerId' | 'orderId' | 'waitingId';
  layout: RowLayout;
}

/** The client types: one small list, always exported whole. */
export interface ListExport {
  paged: false;
  kind: 'clienttypes';
  path: string;
  layout: RowLayout;
}

export type ExportDefinition = PagedExport | ListExport;

export function exportDefinition(kind: ExportKind, rowShape: OrderRowShape): ExportDefinition {
  switch (kind) {
    case 'customers':
      return {
        paged: true,
        kind,
        watermarkKind: 'customers',
        path: '/partner/export/customers',
        timeField: 'lastChanged',
        idField: 'customerId',
        layout: customersLayout,
      };
    case 'orders':
      return {
        paged: true,
        kind,
        watermarkKind: rowShape === 'seat' ? 'order-seats' : 'orders',
        path: '/partner/export/orders',
        timeField: 'lastChanged',
        idField: 'orderId',
        layout: rowShape === 'seat' ? orderSeatsLayout : ordersLayout,
      };
    case 'waitinglist':
      return {
        paged: true,
        kind,
        watermarkKind: 'waitinglist',
        path: '/partner/export/waitinglist',
        timeField: 'createdAt',
        idField: 'waitingId',
        layout: waitingListLayout,
      };
    case 'clienttypes':
      return { paged: false, kind, path: '/partner/export/clienttypes', layout: clientTypesLayout };
  }
}

/** `foyer-demo-orders-full-20261123-1042.csv`, `foyer-demo-order-seats-changes-….jsonl`. */
export function exportFileName(
  clientName: string,
  definition: ExportDefinition,
  incremental: boolean,
  extension: string,
  now: Date,
): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}`;
  const what = definition.paged ? definition.watermarkKind : definition.kind;
  const safeClient = clientName.replace(/[^\w-]+/g, '_');
  return `foyer-${safeClient}-${what}-${incremental ? 'changes' : 'full'}-${stamp}.${extension}`;
}

import type { ExportKind } from '@/contract/exports';
import { recordWithoutContact, withoutContactColumns } from '../buyer-contact';
import type { RowLayout } from './export-rows';

/**
 * The kinds whose records carry a buyer (the inline `user` of an order or waiting-list entry): cut for a
 * person without customers:contact. The customers export is customers:read's, who sees customers whole.
 */
const BUYER_KINDS: readonly ExportKind[] = ['orders', 'waitinglist'];

/** Whether an export of `kind` leaves out buyers' contact details for a person (or schedule) without them. */
export const cutsBuyerContact = (kind: ExportKind, contact: boolean) => !contact && BUYER_KINDS.includes(kind);

/** Whether a file of `kind` made for a person (or schedule) with or without `contact` holds buyers' contact details. */
export const holdsBuyerContact = (kind: ExportKind, contact: boolean) => contact && BUYER_KINDS.includes(kind);

/**
 * `layout` without buyers' contact details: the CSV without their columns (not empty ones), the JSON lines
 * with the buyer by name only.
 */
export function layoutWithoutContact(layout: RowLayout): RowLayout {
  const cut = withoutContactColumns(layout.columns);
  return {
    columns: cut.columns,
    ...(layout.moneyColumns ? { moneyColumns: layout.moneyColumns } : {}),
    csvRows: (record) => layout.csvRows(record).map(cut.row),
    jsonRows: (record) => layout.jsonRows(record).map(recordWithoutContact),
  };
}

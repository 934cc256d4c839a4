import {
  EXPORT_KINDS,
  type ExportKind,
  type ExportSettings,
  mayExport,
  type PageStream,
  pageStreamOf,
} from '@/contract/exports';
import type { Permission } from '@/contract/staff';

/** The kinds a person with `permissions` may export, in the page's order (the gateway checks the same). */
export function allowedExportKinds(permissions: readonly Permission[]): ExportKind[] {
  return EXPORT_KINDS.filter((kind) => mayExport(kind, permissions));
}

/** `kind` when it is allowed; else the first allowed one (a link or the default the person may not use). */
export function allowedKind(kind: ExportKind, allowed: readonly ExportKind[]): ExportKind {
  return allowed.includes(kind) ? kind : (allowed[0] ?? kind);
}

/** The watermark field (spec 4.2): `createdAt` for the waiting list, `lastChanged` for the others. */
export const timeFieldOf = (kind: ExportKind) => (kind === 'waitinglist' ? 'createdAt' : 'lastChanged');

/** The stream whose watermark an export of these settings continues from; null for the client types. */
export const streamOf = (settings: Pick<ExportSettings, 'kind' | 'rows'>): PageStream | null =>
  pageStreamOf(settings.kind, settings.rows);

/** `foyer-demo-orders-full-20261123-1042.csv`, `foyer-demo-order-seats-changes-….jsonl` (local time). */
export function exportFileName(
  clientName: string,
  settings: Pick<ExportSettings, 'kind' | 'rows' | 'format'>,
  incremental: boolean,
  now: Date,
): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}`;
  const what = settings.kind === 'orders' && settings.rows === 'seat' ? 'order-seats' : settings.kind;
  const safeClient = clientName.replace(/[^\w-]+/g, '_');
  return `foyer-${safeClient}-${what}-${incremental ? 'changes' : 'full'}-${stamp}.${settings.format}`;
}

import type { ExportSettings } from '@/contract/exports';
import { localDate, localTime } from '../../time';
import { cutsBuyerContact, layoutWithoutContact } from './contact-layout';
import { type ChunkEncoder, encoderFor } from './export-encoding';
import {
  clientTypesLayout,
  customersLayout,
  type ExportRecord,
  orderSeatsLayout,
  ordersLayout,
  type RowLayout,
  waitingListLayout,
} from './export-rows';
import type { RecordSource } from './export-sources';
import { type NextWatermark, type StoredWatermark, WatermarkTracker } from './watermark';

/** How one kind of export is made: its rows, and the fields its watermark and its duplicate check read. */
export interface ExportPlan {
  layout: RowLayout;
  /** The high-watermark field (spec 4.2): `lastChanged`, `createdAt` for the waiting list; none for client types. */
  timeField: 'lastChanged' | 'createdAt' | null;
  idField: 'customerId' | 'orderId' | 'waitingId' | null;
}

export function exportPlan(settings: Pick<ExportSettings, 'kind' | 'rows'>): ExportPlan {
  switch (settings.kind) {
    case 'customers':
      return { layout: customersLayout, timeField: 'lastChanged', idField: 'customerId' };
    case 'orders':
      return {
        layout: settings.rows === 'seat' ? orderSeatsLayout : ordersLayout,
        timeField: 'lastChanged',
        idField: 'orderId',
      };
    case 'waitinglist':
      return { layout: waitingListLayout, timeField: 'createdAt', idField: 'waitingId' };
    case 'clienttypes':
      return { layout: clientTypesLayout, timeField: null, idField: null };
  }
}

/**
 * How an export's rows become its file's text; `contact`: whether whoever it is made for sees buyers' contact
 * details (customers:contact) — without, the orders and waiting-list files leave them out.
 */
export function encoderOf(
  settings: Pick<ExportSettings, 'kind' | 'rows' | 'format' | 'delimiter'>,
  contact: boolean,
): ChunkEncoder {
  const { layout: whole } = exportPlan(settings);
  const layout = cutsBuyerContact(settings.kind, contact) ? layoutWithoutContact(whole) : whole;
  return encoderFor(settings.format, layout, settings.delimiter === 'semicolon' ? ';' : ',');
}

export interface ExportResult {
  /** Records read from the source (those skipped included). */
  read: number;
  /** Records written to the file. */
  records: number;
  /** Records the previous export already held unchanged. */
  skipped: number;
  /** Records that came twice (the service's pages moved while they were read). */
  duplicates: number;
  rows: number;
  /** Every record the source counted arrived exactly once: only then may a watermark move. */
  complete: boolean;
  /** The watermark after this export; null without one (client types) or when it is not complete. */
  next: NextWatermark | null;
}

/**
 * Runs one export from a source into `write`, batch by batch (each batch encoded and written before the next
 * is read, so memory stays flat whatever the size). `since` is the watermark of the previous export of the
 * stream (null: everything); the records it already delivered unchanged are skipped.
 */
export async function runExport(options: {
  source: RecordSource;
  settings: Pick<ExportSettings, 'kind' | 'rows' | 'format' | 'delimiter'>;
  /** Whether the file carries buyers' contact details (encoderOf). */
  contact: boolean;
  since: StoredWatermark | null;
  write: (text: string) => Promise<void>;
}): Promise<ExportResult> {
  const { source, write } = options;
  const plan = exportPlan(options.settings);
  const encoder = encoderOf(options.settings, options.contact);
  const tracker = plan.timeField ? new WatermarkTracker(plan.timeField, options.since, source.completeBefore) : null;
  // Ids only (numbers), to notice a record that came twice.
  const seen = new Set<unknown>();
  let read = 0;
  let skipped = 0;
  let duplicates = 0;
  let rows = 0;
  await write(encoder.start());
  for await (const batch of source.batches()) {
    const fresh: ExportRecord[] = [];
    for (const record of batch) {
      read += 1;
      if (plan.idField) {
        const id = record[plan.idField];
        if (seen.has(id)) {
          duplicates += 1;
          continue;
        }
        seen.add(id);
      }
      if (tracker?.observe(record)) skipped += 1;
      else fresh.push(record);
    }
    const encoded = encoder.encode(fresh);
    rows += encoded.rows;
    if (encoded.text !== '') await write(encoded.text);
  }
  const complete = read === source.total && duplicates === 0;
  const next = complete && tracker ? tracker.next() : null;
  return { read, records: read - skipped - duplicates, skipped, duplicates, rows, complete, next };
}

const fileStamp = (now: Date, timeZone: string) =>
  `${localDate(now, timeZone).replaceAll('-', '')}-${localTime(now, timeZone).slice(0, 5).replace(':', '')}`;

/** `foyer-demo-production-12-20261123-0700` (local time of `timeZone`): a production report's files, less the extension. */
export function productionReportStem(clientName: string, productionId: number, now: Date, timeZone: string): string {
  return `foyer-${clientName.replace(/[^\w-]+/g, '_')}-production-${productionId}-${fileStamp(now, timeZone)}`;
}

/** `foyer-demo-orders-full-20261123-1042.csv`, `foyer-demo-order-seats-changes-….jsonl` (local time of `timeZone`). */
export function exportFileName(
  clientName: string,
  settings: Pick<ExportSettings, 'kind' | 'rows' | 'mode'>,
  extension: string,
  now: Date,
  timeZone: string,
): string {
  const stamp = fileStamp(now, timeZone);
  const what = settings.kind === 'orders' && settings.rows === 'seat' ? 'order-seats' : settings.kind;
  const safeClient = clientName.replace(/[^\w-]+/g, '_');
  return `foyer-${safeClient}-${what}-${settings.mode === 'changes' ? 'changes' : 'full'}-${stamp}.${extension}`;
}

import type { ApiClient } from '../../lib/api-client';
import { fetchAllPages } from '../../lib/fetch-all-pages';
import type { ChunkEncoder } from './export-encoding';
import type { ExportDefinition } from './export-kinds';
import { clientTypesSchema, type ExportRecord, exportPageSchema } from './export-page-schema';
import type { ExportSink } from './export-sink';
import { InOrderWriter } from './in-order-writer';
import { type Watermark, WatermarkTracker } from './watermark';

export interface ExportProgress {
  pagesDone: number;
  /** Known after page 1; 0 before. */
  pageCount: number;
  /** Records received (what `total` counts). */
  records: number;
  total: number;
  /** Rows written to the file (orders per seat: more than records). */
  rows: number;
}

export interface ExportOutcome {
  /** `total` of the envelope (page 1): what a complete export holds. */
  total: number;
  /** Records received: equals `total` in a complete export. */
  records: number;
  /** Records the previous run already delivered unchanged (incremental only; see watermark.ts). */
  skipped: number;
  /** Records that came twice: the data moved between pages while they were read. */
  duplicates: number;
  rows: number;
  pageCount: number;
  /** Every record of `total` arrived exactly once: only then may the watermark move. */
  complete: boolean;
  /** The watermark after this run; null for exports without one, or when nothing had a timestamp. */
  nextWatermark: Watermark | null;
}

export interface RunExportOptions {
  api: Pick<ApiClient, 'url' | 'post' | 'get'>;
  definition: ExportDefinition;
  encoder: ChunkEncoder;
  sink: ExportSink;
  /** Incremental: the watermark of the last complete export (its `at` becomes `changedSince`). */
  since: Watermark | null;
  signal: AbortSignal;
  /** Pages in flight at once after page 1: small, to be polite to the service. */
  concurrency?: number;
  onProgress?: (progress: ExportProgress) => void;
  /** Test seams. */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => Date;
}

/**
 * Runs one export into a sink: pages fetched a few at a time (fetchAllPages: retries with backoff, honouring
 * Retry-After), encoded and written strictly in page order, each page dropped once written so memory stays
 * flat. On failure or cancel the sink is aborted (no partial file) and the error passed on.
 */
export async function runExport(options: RunExportOptions): Promise<ExportOutcome> {
  const { sink, encoder } = options;
  try {
    await sink.write(encoder.start());
    const outcome = options.definition.paged ? await runPaged(options) : await runList(options);
    await sink.close();
    return outcome;
  } catch (error) {
    await sink.abort();
    throw error;
  }
}

async function runList(options: RunExportOptions): Promise<ExportOutcome> {
  const names = await options.api.get(options.definition.path, { schema: clientTypesSchema, signal: options.signal });
  const records: ExportRecord[] = names.map((clientType) => ({ clientType }));
  const { text, rows } = options.encoder.encode(records);
  await options.sink.write(text);
  options.onProgress?.({ pagesDone: 1, pageCount: 1, records: records.length, total: records.length, rows });
  return {
    total: records.length,
    records: records.length,
    skipped: 0,
    duplicates: 0,
    rows,
    pageCount: 1,
    complete: true,
    nextWatermark: null,
  };
}

async function runPaged(options: RunExportOptions): Promise<ExportOutcome> {
  const definition = options.definition;
  if (!definition.paged) throw new TypeError('not a paged export');
  const { api, encoder, sink, since } = options;
  const tracker = new WatermarkTracker(definition.timeField, since);
  // Ids only (numbers), to notice a record that came twice; ~50,000 ids are a few hundred kB.
  const seen = new Set<unknown>();
  let records = 0;
  let skipped = 0;
  let duplicates = 0;
  let rows = 0;

  const writer = new InOrderWriter<ExportRecord[]>(async (page) => {
    // A page that was already on its way when the person cancelled is not written.
    options.signal.throwIfAborted();
    const fresh: ExportRecord[] = [];
    for (const record of page) {
      records += 1;
      const id = record[definition.idField];
      if (seen.has(id)) duplicates += 1;
      else seen.add(id);
      if (tracker.observe(record)) skipped += 1;
      else fresh.push(record);
    }
    const encoded = encoder.encode(fresh);
    rows += encoded.rows;
    await sink.write(encoded.text);
  });

  // POST exports accept changedSince as a query parameter too (DESIGN.md decision 3), so every page is a
  // plain URL; the offset is sent as the service wrote it.
  const changedSince = since?.at;
  const result = await fetchAllPages<ExportRecord>({
    pageUrl: (page) => api.url(definition.path, { changedSince, page }),
    fetchPage: (url, signal) => api.post(url, { schema: exportPageSchema, signal }),
    collect: false,
    concurrency: options.concurrency ?? 3,
    signal: options.signal,
    wait: options.wait,
    onPage: (page, pageRows) => writer.accept(page, pageRows),
    onProgress: (progress) =>
      options.onProgress?.({
        pagesDone: progress.pagesDone,
        pageCount: progress.pageCount,
        records: progress.rowsDone,
        total: progress.total,
        rows,
      }),
  });

  options.signal.throwIfAborted();
  const complete = records === result.total && duplicates === 0;
  const now = options.now?.() ?? new Date();
  return {
    total: result.total,
    records,
    skipped,
    duplicates,
    rows,
    pageCount: result.pageCount,
    complete,
    // No record at all (nothing changed): the previous watermark still holds.
    nextWatermark: tracker.next(now) ?? (since ? { ...since, savedAt: now.toISOString() } : null),
  };
}

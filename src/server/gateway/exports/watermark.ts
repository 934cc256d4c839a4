import { createHash } from 'node:crypto';
import type { ExportRecord } from './export-rows';

/**
 * High-watermarks for incremental CRM exports (spec 4.2, end), per organisation and stream, in
 * gateway.export_watermarks, so every manager's "since the last export" is the same one. A watermark says:
 * every record stamped (`lastChanged`, `createdAt` for the waiting list) before `at` has been delivered, and
 * `boundary` holds a fingerprint of each record stamped at or after `at` that was delivered too. The next run
 * reads from `at` (inclusive) and skips exactly those, unless they changed again in the meantime.
 *
 * How far `at` may move depends on the source. The mirror is complete only up to its sync's own watermark
 * (mirror_sync_state: every change stamped before it has been read), while it already holds records stamped
 * later — Foyer's own edits, written through at once. A change made at the service just before such an edit
 * reaches the mirror with the next sync, stamped earlier than the edit: had `at` moved to the newest record
 * exported, that change would lie behind it, in no incremental export ever. So from the mirror `at` moves to
 * the sync's watermark at most; what was read beyond it is delivered now (nothing waits for a sync) and
 * remembered in `boundary`, so the next run neither loses nor repeats it. From the service itself, complete
 * by definition, `at` is the newest record read, and `boundary` holds the records of that second
 * (`changedSince` is inclusive and the service's timestamps have whole seconds: passing the next second
 * would lose changes made later within that same second).
 */
export interface StoredWatermark {
  atMs: number;
  boundary: string[];
}

/** The next watermark an export would store. */
export interface NextWatermark {
  at: string;
  boundary: string[];
}

/**
 * Records remembered at or after the watermark. Bulk changes share one second (the demo data has ~3,000
 * orders stamped at midnight); beyond the cap records are exported again, never lost.
 */
const MAX_BOUNDARY = 10_000;

/** 64 bits of SHA-256 of the record's JSON (its timestamp included): a collision is not in reach. */
export function fingerprint(record: ExportRecord): string {
  return createHash('sha256').update(JSON.stringify(record)).digest('hex').slice(0, 16);
}

const stampOf = (record: ExportRecord, timeField: string): number => {
  const stamp = record[timeField];
  return typeof stamp === 'string' ? Date.parse(stamp) : Number.NaN;
};

/**
 * Follows the records of one export: tells which ones the previous export already delivered (to skip) and
 * what the next watermark is. It keeps only the fingerprints the next watermark needs, so memory stays flat.
 */
export class WatermarkTracker {
  private maxMs = Number.NEGATIVE_INFINITY;
  /** Fingerprints of the records at or after the next watermark (see `floorMs`). */
  private kept: string[] = [];
  private readonly previousMs: number;
  private readonly previousBoundary: Set<string>;
  /**
   * The next watermark when the source is complete only up to a point (the mirror): that point, or the
   * previous watermark when it is later. Null for a complete source: the newest record read then.
   */
  private readonly floorMs: number | null;

  constructor(
    private readonly timeField: string,
    previous: StoredWatermark | null,
    completeBefore?: Date,
  ) {
    this.previousMs = previous ? previous.atMs : Number.NaN;
    this.previousBoundary = new Set(previous?.boundary ?? []);
    this.floorMs = completeBefore ? Math.max(completeBefore.getTime(), previous?.atMs ?? 0) : null;
  }

  /** Notes the record; true when the previous export already delivered it unchanged. */
  observe(record: ExportRecord): boolean {
    const ms = stampOf(record, this.timeField);
    if (Number.isNaN(ms)) return false;
    const print = fingerprint(record);
    if (this.floorMs !== null) {
      if (ms >= this.floorMs && this.kept.length < MAX_BOUNDARY) this.kept.push(print);
    } else if (ms > this.maxMs) {
      this.kept = [print];
    } else if (ms === this.maxMs && this.kept.length < MAX_BOUNDARY) {
      this.kept.push(print);
    }
    this.maxMs = Math.max(this.maxMs, ms);
    return ms >= this.previousMs && this.previousBoundary.has(print);
  }

  /** The watermark after this export; null when there is none to store (nothing read, none before). */
  next(): NextWatermark | null {
    if (this.floorMs !== null) return { at: new Date(this.floorMs).toISOString(), boundary: this.kept };
    if (this.maxMs !== Number.NEGATIVE_INFINITY) return { at: new Date(this.maxMs).toISOString(), boundary: this.kept };
    // Nothing at all since the watermark: it still holds.
    if (Number.isNaN(this.previousMs)) return null;
    return { at: new Date(this.previousMs).toISOString(), boundary: [...this.previousBoundary] };
  }
}

/**
 * How many of the records read since a watermark its export delivered unchanged (those the next export
 * skips). Read until each remembered record is found; from a complete source they are all of the
 * watermark's second and come first, so the count stops at the first later record.
 */
export async function countDelivered(
  batches: AsyncIterable<ExportRecord[]>,
  since: StoredWatermark,
  timeField: string,
  complete: boolean,
): Promise<number> {
  const boundary = new Set(since.boundary);
  let delivered = 0;
  if (boundary.size === 0) return 0;
  for await (const batch of batches) {
    for (const record of batch) {
      if (complete && stampOf(record, timeField) !== since.atMs) return delivered;
      if (boundary.has(fingerprint(record))) delivered += 1;
      if (delivered === boundary.size) return delivered;
    }
  }
  return delivered;
}

import { createHash } from 'node:crypto';
import type { WatermarkView } from '@/contract/exports';
import type { Queryable } from '../../db/database';
import type { ExportRecord } from './export-rows';

/**
 * High-watermarks for incremental CRM exports (spec 4.2, end): the latest `lastChanged` (`createdAt` for the
 * waiting list) of the last complete export, per organisation and stream, in gateway.export_watermarks, so
 * every manager's "since the last export" is the same one.
 *
 * `changedSince` is inclusive and the service's timestamps have whole seconds, so the records stamped with
 * the watermark's second come again in the next run. Passing the next second instead would lose changes made
 * later within that same second. So the watermark also keeps a fingerprint of each record it saw at that
 * second: the next run skips exactly those, unless they changed again in the meantime.
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
 * Records remembered at the watermark's second. Bulk changes share one second (the demo data has ~3,000
 * orders stamped at midnight); beyond the cap records are exported again, never lost.
 */
const MAX_BOUNDARY = 10_000;

/** 64 bits of SHA-256 of the record's JSON: only records of one second are compared, so no collision in reach. */
export function fingerprint(record: ExportRecord): string {
  return createHash('sha256').update(JSON.stringify(record)).digest('hex').slice(0, 16);
}

/**
 * Follows the records of one export: tells which ones the previous export already delivered (to skip) and
 * what the next watermark is. It keeps only the records of the latest second seen, so memory stays flat.
 */
export class WatermarkTracker {
  private maxMs = Number.NEGATIVE_INFINITY;
  private atMax: string[] = [];
  private readonly previousMs: number;
  private readonly previousBoundary: Set<string>;

  constructor(
    private readonly timeField: string,
    previous: StoredWatermark | null,
  ) {
    this.previousMs = previous ? previous.atMs : Number.NaN;
    this.previousBoundary = new Set(previous?.boundary ?? []);
  }

  /** Notes the record; true when the previous export already held it unchanged. */
  observe(record: ExportRecord): boolean {
    const stamp = record[this.timeField];
    const ms = typeof stamp === 'string' ? Date.parse(stamp) : Number.NaN;
    if (Number.isNaN(ms)) return false;
    const print = ms >= this.maxMs || ms === this.previousMs ? fingerprint(record) : '';
    if (ms > this.maxMs) {
      this.maxMs = ms;
      this.atMax = [print];
    } else if (ms === this.maxMs && this.atMax.length < MAX_BOUNDARY) {
      this.atMax.push(print);
    }
    return ms === this.previousMs && this.previousBoundary.has(print);
  }

  /** The watermark after this export; null when it saw no record with a readable timestamp. */
  next(): NextWatermark | null {
    if (this.maxMs === Number.NEGATIVE_INFINITY) return null;
    return { at: new Date(this.maxMs).toISOString(), boundary: this.atMax };
  }
}

export async function readWatermark(
  db: Queryable,
  organisationId: number,
  stream: string,
): Promise<StoredWatermark | null> {
  const { rows } = await db.query<{ at: Date; boundary: string[] }>(
    'select at, boundary from gateway.export_watermarks where organisation_id = $1 and stream = $2',
    [organisationId, stream],
  );
  const row = rows[0];
  return row ? { atMs: new Date(row.at).getTime(), boundary: row.boundary } : null;
}

/**
 * Stores the watermark of a complete export, unless the stream's watermark is already later (another export
 * finished after it started): a watermark never moves back. True when it moved.
 */
export async function commitWatermark(
  db: Queryable,
  organisationId: number,
  stream: string,
  next: NextWatermark,
  accountId: number | null,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `insert into gateway.export_watermarks (organisation_id, stream, at, boundary, saved_by)
     values ($1, $2, $3, $4, $5)
     on conflict (organisation_id, stream) do update
       set at = excluded.at, boundary = excluded.boundary, saved_at = now(), saved_by = excluded.saved_by
       where gateway.export_watermarks.at < excluded.at
          or (gateway.export_watermarks.at = excluded.at and gateway.export_watermarks.boundary <> excluded.boundary)`,
    [organisationId, stream, next.at, next.boundary, accountId],
  );
  return rowCount > 0;
}

export async function listWatermarks(db: Queryable, organisationId: number): Promise<WatermarkView[]> {
  const { rows } = await db.query<{ stream: string; at: Date; saved_at: Date; saved_by: string | null }>(
    `select w.stream, w.at, w.saved_at, a.display_name as saved_by
       from gateway.export_watermarks w left join gateway.accounts a on a.id = w.saved_by
      where w.organisation_id = $1 order by w.stream`,
    [organisationId],
  );
  return rows.map((row) => ({
    stream: row.stream,
    at: new Date(row.at).toISOString(),
    savedAt: new Date(row.saved_at).toISOString(),
    savedBy: row.saved_by,
  }));
}

export async function forgetWatermark(db: Queryable, organisationId: number, stream: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'delete from gateway.export_watermarks where organisation_id = $1 and stream = $2',
    [organisationId, stream],
  );
  return rowCount > 0;
}

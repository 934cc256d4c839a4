import type { ExportRecord } from './export-page-schema';

/**
 * High-watermarks for incremental CRM sync (spec 4.2, end): the latest `lastChanged` (`createdAt` for the
 * waiting list) of the last complete export, per client and export kind, kept in localStorage. A watermark
 * is a timestamp and a few record ids, not personal data.
 *
 * `changedSince` is inclusive and the service's timestamps have whole seconds, so the records stamped with
 * the watermark's second come again in the next run. Passing the next second instead would lose changes
 * made later within that same second. So the watermark also remembers which records it saw at that second
 * and a fingerprint of each: the next run skips exactly those, unless they changed again in the meantime.
 */
export const WATERMARK_KINDS = ['customers', 'orders', 'order-seats', 'waitinglist'] as const;
export type WatermarkKind = (typeof WATERMARK_KINDS)[number];

export interface Watermark {
  /** The timestamp as the service sent it (ISO 8601 with offset); passed back as `changedSince`. */
  at: string;
  /** Records stamped `at` that the export held (see above): id → fingerprint. */
  boundary: Record<string, string>;
  /** When the export that set it finished (ISO), for display. */
  savedAt: string;
}

/**
 * Records remembered at the watermark's second. Bulk changes share one second (the demo data has ~3,000
 * orders stamped at midnight); ~25 bytes each in storage. Beyond the cap records are exported again, never
 * lost.
 */
const MAX_BOUNDARY = 10_000;

export function watermarkStorageKey(clientName: string, kind: WatermarkKind): string {
  return `foyer.exports.watermark.v1:${clientName}:${kind}`;
}

function isWatermark(value: unknown): value is Watermark {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Watermark>;
  return (
    typeof candidate.at === 'string' &&
    !Number.isNaN(Date.parse(candidate.at)) &&
    typeof candidate.savedAt === 'string' &&
    typeof candidate.boundary === 'object' &&
    candidate.boundary !== null &&
    !Array.isArray(candidate.boundary) &&
    Object.values(candidate.boundary).every((value) => typeof value === 'string')
  );
}

/** The stored watermark, or null when there is none (or it is unreadable: then a full export is due). */
export function readWatermark(storage: Storage, clientName: string, kind: WatermarkKind): Watermark | null {
  try {
    const raw = storage.getItem(watermarkStorageKey(clientName, kind));
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isWatermark(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** False when the browser refused to store it (storage full or disabled). */
export function writeWatermark(
  storage: Storage,
  clientName: string,
  kind: WatermarkKind,
  watermark: Watermark,
): boolean {
  try {
    storage.setItem(watermarkStorageKey(clientName, kind), JSON.stringify(watermark));
    return true;
  } catch {
    return false;
  }
}

export function clearWatermark(storage: Storage, clientName: string, kind: WatermarkKind): void {
  storage.removeItem(watermarkStorageKey(clientName, kind));
}

/** FNV-1a over the record's JSON: cheap, and only ever compared for the few records of one second. */
export function fingerprint(record: ExportRecord): string {
  const text = JSON.stringify(record);
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${(hash >>> 0).toString(16)}:${text.length}`;
}

/**
 * Follows the records of one export run: tells which ones the previous run already delivered (to skip), and
 * what the new watermark is. It keeps only the records of the latest second seen, so memory stays flat.
 */
export class WatermarkTracker {
  private maxMs = Number.NEGATIVE_INFINITY;
  private maxAt: string | null = null;
  private atMax: ExportRecord[] = [];
  private readonly previousMs: number;
  private readonly previousBoundary: Map<string, string>;

  constructor(
    private readonly timeField: string,
    private readonly idField: string,
    previous: Watermark | null,
  ) {
    this.previousMs = previous ? Date.parse(previous.at) : Number.NaN;
    this.previousBoundary = new Map(Object.entries(previous?.boundary ?? {}));
  }

  /** Records the record; true when it is one the previous run already exported unchanged. */
  observe(record: ExportRecord): boolean {
    const stamp = record[this.timeField];
    const ms = typeof stamp === 'string' ? Date.parse(stamp) : Number.NaN;
    if (Number.isNaN(ms)) return false;
    if (ms > this.maxMs) {
      this.maxMs = ms;
      this.maxAt = stamp as string;
      this.atMax = [record];
    } else if (ms === this.maxMs && this.atMax.length < MAX_BOUNDARY) {
      this.atMax.push(record);
    }
    if (ms !== this.previousMs || this.previousBoundary.size === 0) return false;
    const known = this.previousBoundary.get(this.idOf(record));
    return known !== undefined && known === fingerprint(record);
  }

  /** Records of the previous watermark's second (what an incremental run gets again and skips). */
  get previousBoundarySize(): number {
    return this.previousBoundary.size;
  }

  /** The watermark after this run; null when the run saw no record with a readable timestamp. */
  next(savedAt: Date): Watermark | null {
    if (this.maxAt === null) return null;
    return {
      at: this.maxAt,
      boundary: Object.fromEntries(this.atMax.map((record) => [this.idOf(record), fingerprint(record)])),
      savedAt: savedAt.toISOString(),
    };
  }

  private idOf(record: ExportRecord): string {
    return String(record[this.idField]);
  }
}

import type { ExportRecord } from './export-page-schema';

/**
 * High-watermarks for incremental CRM sync (spec 4.2, end): the latest `lastChanged` (`createdAt` for the
 * waiting list) of the last complete export, per client and export kind, kept in localStorage.
 *
 * `changedSince` is inclusive and the service's timestamps have whole seconds, so the records stamped with
 * the watermark's second come again in the next run. Passing the next second instead would lose changes
 * made later within that same second. So the watermark also keeps a fingerprint of each record it saw at
 * that second: the next run skips exactly those, unless they changed again in the meantime. Fingerprints
 * are one-way hashes of the whole record (its id included), so the watermark holds a timestamp and opaque
 * numbers, no personal data and not even customer ids.
 */
export const WATERMARK_KINDS = ['customers', 'orders', 'order-seats', 'waitinglist'] as const;
export type WatermarkKind = (typeof WATERMARK_KINDS)[number];

export interface Watermark {
  /** The timestamp as the service sent it (ISO 8601 with offset); passed back as `changedSince`. */
  at: string;
  /** Fingerprints of the records stamped `at` that the export held (see above). */
  boundary: string[];
  /** When the export that set it finished (ISO), for display. */
  savedAt: string;
}

/**
 * Records remembered at the watermark's second. Bulk changes share one second (the demo data has ~3,000
 * orders stamped at midnight); ~16 bytes each in storage. Beyond the cap records are exported again, never
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
    Array.isArray(candidate.boundary) &&
    candidate.boundary.every((value) => typeof value === 'string')
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

/**
 * cyrb53 (a 53-bit string hash) of the record's JSON, plus its length. Only records of one second are ever
 * compared, so a collision (about 1 in 10^12 for a few thousand records) is out of reach; a false match
 * would skip a changed record, so 32 bits would not do.
 */
export function fingerprint(record: ExportRecord): string {
  const text = JSON.stringify(record);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const hash = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  return `${hash.toString(36)}.${text.length.toString(36)}`;
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
  private readonly previousBoundary: Set<string>;

  constructor(
    private readonly timeField: string,
    previous: Watermark | null,
  ) {
    this.previousMs = previous ? Date.parse(previous.at) : Number.NaN;
    this.previousBoundary = new Set(previous?.boundary ?? []);
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
    return this.previousBoundary.has(fingerprint(record));
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
      boundary: this.atMax.map(fingerprint),
      savedAt: savedAt.toISOString(),
    };
  }
}

import { z } from 'zod';
import type { Permission } from './staff';

/**
 * The gateway's CRM exports (`/api/exports/...`): files of customers, orders (one row per order or per seat),
 * the waiting list and the client types, as CSV or JSON lines, made on the server from the organisation's
 * mirror (or from the service while the mirror is still being filled), streamed to the browser or written on
 * a schedule into EXPORT_DIR. Incremental exports start from a watermark the server keeps per organisation,
 * the same for every manager. Pure: the gateway validates with these and the app reads its answers with them.
 */

export const EXPORT_KINDS = ['customers', 'orders', 'waitinglist', 'clienttypes'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** Orders: one row per order, or one per seat (deleted seats marked). */
export const ORDER_ROW_SHAPES = ['order', 'seat'] as const;
export type OrderRowShape = (typeof ORDER_ROW_SHAPES)[number];

export const EXPORT_FORMATS = ['csv', 'jsonl'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** CSV delimiters: the comma for machines, the semicolon (with decimal commas) for Dutch spreadsheets. */
export const DELIMITERS = ['comma', 'semicolon'] as const;

export const EXPORT_MODES = ['full', 'changes'] as const;

/**
 * Who may export what (any one of the permissions), as the gateway checks it: customers are the customer
 * list (customers:read); orders and the waiting list are exports:run; the client types are any customer work.
 */
export const EXPORT_KIND_REQUIRES: Record<ExportKind, readonly Permission[]> = {
  customers: ['customers:read'],
  orders: ['exports:run'],
  waitinglist: ['exports:run'],
  clienttypes: ['customers:read', 'customers:write', 'tags:write'],
};

/** Everyone who may export anything: the access rule of the export routes (each kind is checked again). */
export const ANY_EXPORT: readonly Permission[] = ['exports:run', 'customers:read', 'customers:write', 'tags:write'];

export function mayExport(kind: ExportKind, permissions: readonly Permission[]): boolean {
  return EXPORT_KIND_REQUIRES[kind].some((permission) => permissions.includes(permission));
}

/**
 * The watermark streams of the exports page: per kind, and orders per row shape apart (a per-seat file and a
 * per-order file feed different downstream copies). Client types have none: they are always exported whole.
 */
export const PAGE_STREAMS = ['customers', 'orders', 'order-seats', 'waitinglist'] as const;
export type PageStream = (typeof PAGE_STREAMS)[number];

export function pageStreamOf(kind: ExportKind, rows: OrderRowShape): PageStream | null {
  if (kind === 'clienttypes') return null;
  if (kind === 'orders') return rows === 'seat' ? 'order-seats' : 'orders';
  return kind;
}

export const kindOfStream = (stream: PageStream): ExportKind => (stream === 'order-seats' ? 'orders' : stream);

/** `HH:MM`, 24 hours. */
export const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time of day, HH:MM');

/** An IANA time zone the server's Intl knows. */
export const timeZone = z.string().refine((zone) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}, 'An IANA time zone, e.g. Europe/Amsterdam');

/** What one export makes: the settings of a run and of a schedule. */
export const exportSettingsSchema = z.object({
  kind: z.enum(EXPORT_KINDS),
  rows: z.enum(ORDER_ROW_SHAPES).default('order'),
  format: z.enum(EXPORT_FORMATS),
  delimiter: z.enum(DELIMITERS).default('comma'),
  mode: z.enum(EXPORT_MODES).default('full'),
});
export type ExportSettings = z.infer<typeof exportSettingsSchema>;

/** `POST /api/exports/runs`: the settings, and the browser's time zone for the file's name. */
export const exportRunSchema = exportSettingsSchema.extend({ timeZone: timeZone.optional() });

/** A watermark as the app shows it. */
export const watermarkViewSchema = z.object({
  stream: z.string(),
  /** The latest `lastChanged` (`createdAt` for the waiting list) of the last complete export. */
  at: z.string(),
  savedAt: z.string(),
  /** Who downloaded that export (null: a schedule, or an account since removed). */
  savedBy: z.string().nullable(),
});
export type WatermarkView = z.infer<typeof watermarkViewSchema>;

export const watermarksSchema = z.object({ watermarks: z.array(watermarkViewSchema) });
export type Watermarks = z.infer<typeof watermarksSchema>;

/** The query of `GET /api/exports/count`. */
export const exportCountQuerySchema = z.object({
  kind: z.enum(EXPORT_KINDS),
  rows: z.enum(ORDER_ROW_SHAPES).default('order'),
});

/** `GET /api/exports/count`: how big an export would be, whole and since the stream's watermark. */
export const exportCountSchema = z.object({
  total: z.number(),
  /** Records changed since the watermark; null without one. */
  changed: z.number().nullable(),
  source: z.enum(['mirror', 'service']),
});
export type ExportCount = z.infer<typeof exportCountSchema>;

/** `POST /api/exports/runs/{id}/complete`: the browser has the whole file; the watermark moves. */
export const runOutcomeSchema = z.object({
  records: z.number(),
  rows: z.number(),
  /** Records the previous export already held unchanged (they come again: changedSince is inclusive). */
  skipped: z.number(),
  watermark: watermarkViewSchema.nullable(),
  /** The watermark moved (false: nothing newer came, or another export had moved it further already). */
  moved: z.boolean(),
});
export type RunOutcome = z.infer<typeof runOutcomeSchema>;

export const scheduleInputSchema = exportSettingsSchema.extend({
  timeOfDay,
  timeZone,
  enabled: z.boolean().default(true),
});
export type ScheduleInput = z.infer<typeof scheduleInputSchema>;

export const scheduleSchema = z.object({
  id: z.number(),
  kind: z.enum(EXPORT_KINDS),
  rows: z.enum(ORDER_ROW_SHAPES),
  format: z.enum(EXPORT_FORMATS),
  delimiter: z.enum(DELIMITERS),
  mode: z.enum(EXPORT_MODES),
  timeOfDay: z.string(),
  timeZone: z.string(),
  enabled: z.boolean(),
  nextRunAt: z.string(),
  lastRunAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** The schedule's own watermark (incremental schedules are a CRM feed of their own). */
  watermarkAt: z.string().nullable(),
  createdBy: z.string().nullable(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

export const schedulesSchema = z.object({
  schedules: z.array(scheduleSchema),
  /** This server runs schedules (it has EXPORT_DIR, a folder to write their files into). */
  enabled: z.boolean(),
});
export type Schedules = z.infer<typeof schedulesSchema>;

export const exportFileSchema = z.object({
  id: z.number(),
  scheduleId: z.number().nullable(),
  kind: z.enum(EXPORT_KINDS),
  rows: z.enum(ORDER_ROW_SHAPES),
  format: z.enum(EXPORT_FORMATS),
  mode: z.enum(EXPORT_MODES),
  fileName: z.string(),
  bytes: z.number(),
  rowCount: z.number(),
  recordCount: z.number(),
  sinceAt: z.string().nullable(),
  watermarkAt: z.string().nullable(),
  source: z.enum(['mirror', 'service']),
  createdAt: z.string(),
});
export type ExportFile = z.infer<typeof exportFileSchema>;

export const exportFilesSchema = z.object({ files: z.array(exportFileSchema) });
export type ExportFiles = z.infer<typeof exportFilesSchema>;

/** Files a schedule keeps; older ones are removed when it writes a new one. */
export const FILES_KEPT_PER_SCHEDULE = 30;

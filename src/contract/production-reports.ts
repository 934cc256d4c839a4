import { z } from 'zod';
import { timeOfDay, timeZone } from './exports';
import { PRINT_LOCALES } from './printing';

/**
 * A production's scheduled sales report (`/api/exports/production-reports/…`): at a time of day the export
 * scheduler writes the promoter dashboard's figures — each performance's tickets and amount against its
 * capacity, sales per day and channel, the latest orders (buyers by name) — as a CSV file and a printable
 * HTML page into EXPORT_DIR, listed here for download. A person of a scoped role schedules and sees only
 * reports of their productions; the figures are cut to the scope of the person who scheduled it.
 */

export const PRODUCTION_REPORT_FORMATS = ['csv', 'html'] as const;

/**
 * `POST /api/exports/production-reports/:productionId`: every day at `timeOfDay` in `timeZone`, its printable
 * page in `language` (the app's, as the person scheduling it reads it).
 */
export const productionReportInputSchema = z.object({
  timeOfDay,
  timeZone,
  language: z.enum(PRINT_LOCALES).default('nl'),
});
export type ProductionReportInput = z.infer<typeof productionReportInputSchema>;

export const productionReportScheduleSchema = z.object({
  id: z.number(),
  productionId: z.number(),
  timeOfDay: z.string(),
  timeZone: z.string(),
  language: z.enum(PRINT_LOCALES),
  nextRunAt: z.string(),
  lastRunAt: z.string().nullable(),
  lastError: z.string().nullable(),
  createdBy: z.string().nullable(),
});
export type ProductionReportSchedule = z.infer<typeof productionReportScheduleSchema>;

export const productionReportFileSchema = z.object({
  id: z.number(),
  scheduleId: z.number().nullable(),
  productionId: z.number(),
  format: z.enum(PRODUCTION_REPORT_FORMATS),
  fileName: z.string(),
  bytes: z.number(),
  createdAt: z.string(),
});
export type ProductionReportFile = z.infer<typeof productionReportFileSchema>;

/** `GET /api/exports/production-reports/:productionId`: its schedules and the files they wrote, newest first. */
export const productionReportsSchema = z.object({
  schedules: z.array(productionReportScheduleSchema),
  files: z.array(productionReportFileSchema),
  /** This server runs schedules (it has EXPORT_DIR). */
  enabled: z.boolean(),
});
export type ProductionReports = z.infer<typeof productionReportsSchema>;

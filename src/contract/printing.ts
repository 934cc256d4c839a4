import { z } from 'zod';
import { PRINTER_CONNECTIONS, printerSchema } from './sales-points';

/**
 * Printing to a sales point's printers and opening its cash drawer (`/api/printing/…`): print jobs kept by the
 * gateway, sent by it over TCP 9100 to network printers, or claimed and sent by the seller's browser to a USB or
 * serial printer on the seller's machine; their state for the box office's printer chip. Pure.
 */

export const PRINT_LOCALES = ['nl', 'en'] as const;
export type PrintLocale = (typeof PRINT_LOCALES)[number];

export const PRINT_JOB_KINDS = ['receipt', 'tickets', 'drawer'] as const;
export const PRINT_JOB_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type PrintJobStatus = (typeof PRINT_JOB_STATUSES)[number];

/** `POST /api/printing/orders/:orderId`: print a sale's receipt and tickets at the seller's sales point. */
export const printOrderBodySchema = z.object({
  /** The language of the paper (the seller's app's). */
  locale: z.enum(PRINT_LOCALES).default('nl'),
  /** What to print; both when absent. */
  documents: z
    .array(z.enum(['receipt', 'tickets']))
    .min(1)
    .max(2)
    .default(['receipt', 'tickets']),
  /**
   * The cash the buyer handed over, in cents, as the seller typed it at the checkout: a cash sale's receipt then
   * shows it and the change, as the browser's receipt does. Left out at a reprint asked for later, or for cards.
   */
  receivedCents: z.number().int().min(0).max(99_999_999).optional(),
});

/** `POST /api/printing/no-sale`: the drawer opened without a sale, for a reason. */
export const noSaleBodySchema = z.object({
  reason: z.string({ error: 'Give the reason' }).trim().min(1, 'Give the reason').max(200, 'At most 200 characters'),
});

export const printJobSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PRINT_JOB_KINDS),
  orderId: z.number().int().nullable(),
  /** Which of the sales point's printers. */
  printer: z.enum(['receipt', 'ticket']),
  /** How its printer is reached: `network` jobs the gateway sends, the others the seller's browser. */
  connection: z.enum(PRINTER_CONNECTIONS),
  reprint: z.boolean(),
  opensDrawer: z.boolean(),
  status: z.enum(PRINT_JOB_STATUSES),
  attempts: z.number().int(),
  /** The printer's or the network's error of the last attempt (failed jobs). */
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type PrintJob = z.infer<typeof printJobSchema>;

export const printJobsAnswerSchema = z.object({ jobs: z.array(printJobSchema) });
export type PrintJobsAnswer = z.infer<typeof printJobsAnswerSchema>;

/** A printer of the sales point, with what its last job says about it. */
export const printerStatusSchema = z.object({
  printer: z.enum(['receipt', 'ticket']),
  address: z.string(),
  /** The printer as set (a USB or serial one is reached through the seller's browser). */
  settings: printerSchema,
  /** `ok`: the last job went out; `failed`: it did not (error says why); `idle`: nothing printed yet. */
  state: z.enum(['ok', 'failed', 'busy', 'idle']),
  /** The printer said it has no paper (ESC/POS status), on its last job. */
  outOfPaper: z.boolean(),
  error: z.string().nullable(),
  at: z.string().nullable(),
});
export type PrinterStatus = z.infer<typeof printerStatusSchema>;

/** `GET /api/printing/status`: the seller's sales point's printers and latest jobs (none without one). */
export const printingStatusSchema = z.object({
  salesPoint: z
    .object({
      id: z.number().int(),
      name: z.string(),
      cashDrawer: z.boolean(),
      printsHere: z.boolean(),
      /** Its payment methods, the first the checkout's default. */
      paymentMethodIds: z.array(z.number().int()),
    })
    .nullable(),
  printers: z.array(printerStatusSchema),
  jobs: z.array(printJobSchema),
});
export type PrintingStatus = z.infer<typeof printingStatusSchema>;

/**
 * `POST /api/printing/jobs/:jobId/claim`: the seller's browser takes a job for its USB or serial printer until
 * `leaseUntil` (two tabs never both get it); the bytes to send, base64.
 */
export const claimedPrintJobSchema = z.object({
  job: printJobSchema,
  lease: z.string(),
  leaseUntil: z.string(),
  printer: printerSchema,
  payload: z.string(),
});
export type ClaimedPrintJob = z.infer<typeof claimedPrintJobSchema>;

/** `POST /api/printing/jobs/:jobId/report`: what became of a claimed job, with the device's error. */
export const printJobReportSchema = z.discriminatedUnion('outcome', [
  z.object({ lease: z.uuid({ error: 'Not a lease' }), outcome: z.literal('sent') }),
  z.object({
    lease: z.uuid({ error: 'Not a lease' }),
    outcome: z.literal('failed'),
    error: z.string().trim().min(1, 'Say what went wrong').max(500, 'At most 500 characters'),
  }),
]);
export type PrintJobReport = z.infer<typeof printJobReportSchema>;

import { z } from 'zod';

/**
 * The gateway's audit trail as the app reads it (`GET /api/audit`): the kinds of entry, the page and the chain's
 * check. Pure, like the rest of src/contract, so the gateway that writes them and the page that reads them
 * share one definition.
 */
export const AUDIT_ACTIONS = [
  'sign-in',
  'sign-in-failed',
  'sign-out',
  'forward',
  'customer-edit',
  'tags',
  'export',
  'list-read',
  'export-download',
  'export-schedule',
  'customer-job',
  'print',
  'shift-open',
  'shift-blind-count',
  'shift-close',
  'shift-sign-off',
  'sales-point',
  'print-retry',
  'drawer-open',
  'staff',
  'role',
  'connection',
  'customer-note',
  'customer-flags',
  'flag-settings',
  'custom-fields',
  'privacy-package',
  'anonymise',
  'privacy-settings',
  'duplicate-not-same',
  'duplicate-merge',
  'segment',
  'segment-export',
  'display',
  'walk-in-customer',
  'sso-settings',
  'sso-person',
  'role-networks',
  'address-refused',
] as const;

/** What an entry says happened. */
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One entry of the trail as `GET /api/audit` lists it. */
export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  person: z.string().nullable(),
  role: z.string().nullable(),
  /** An AuditAction; read as text so that an entry of a newer gateway still shows. */
  action: z.string(),
  method: z.string().nullable(),
  path: z.string().nullable(),
  status: z.number().nullable(),
  orderId: z.number().nullable(),
  customerId: z.number().nullable(),
  cartId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** `GET /api/audit`: a page of the trail, newest first. */
export const auditPageSchema = z.object({
  data: z.array(auditEntrySchema),
  page: z.number(),
  perPage: z.number(),
  total: z.number(),
  lastPage: z.number(),
  /**
   * The names of the page's roles by key, as they are called now: an entry keeps the role's key, and a custom
   * role's key ("custom-promotor-oudejaarsconference") is no name to read.
   */
  roleNames: z.record(z.string(), z.string()).optional(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** `GET /api/audit/verify`: whether the hash chain holds, and where it breaks first. */
export const auditChainSchema = z.object({
  ok: z.boolean(),
  entries: z.number(),
  brokenAt: z.object({ id: z.number(), reason: z.string() }).nullable(),
});
export type AuditChain = z.infer<typeof auditChainSchema>;

const idText = z
  .string()
  .regex(/^\d{1,15}$/, 'A number')
  .transform(Number);

const moment = z
  .string()
  .refine((value) => /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value)), 'A date or ISO datetime');

/** The filter of `GET /api/audit` (and of its CSV), as query parameters. */
export const auditFilterSchema = z.object({
  person: z.string().trim().max(320).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  order: idText.optional(),
  customer: idText.optional(),
  from: moment.optional(),
  to: moment.optional(),
  page: idText.optional(),
});

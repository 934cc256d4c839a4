/**
 * The gateway's audit trail as the app reads it (`GET /api/audit`): the kinds of entry. Pure, like the rest
 * of src/contract, so the gateway that writes them and the page that filters by them share one list.
 */
export const AUDIT_ACTIONS = [
  'sign-in',
  'sign-in-failed',
  'sign-out',
  'forward',
  'customer-edit',
  'tags',
  'export',
  'export-download',
  'export-schedule',
  'print',
  'shift-open',
  'shift-close',
  'shift-sign-off',
  'staff',
  'role',
  'connection',
] as const;

/** What an entry says happened. */
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

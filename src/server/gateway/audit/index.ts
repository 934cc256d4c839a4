/**
 * The audit concern's public entry: recording (an entry of a request, of a forwarded call, of a refused sign-in,
 * or one built by hand for work without a request), the chain's lock for numbering under it, what others read of
 * the trail (the checkouts Foyer made, the prints of an order), the daily anchors, and the trail's own routes.
 * Nothing else is used from outside this folder.
 */
export { AUDIT_ANCHOR_EVERY_MS, anchorAuditHeads, auditAnchorFile } from './audit-anchors';
export { registerAuditRoutes } from './audit-routes';
export {
  countPrints,
  customerEntriesBefore,
  entriesAboutCustomer,
  firstCheckouts,
  lastCustomerEntry,
} from './audit-store';
export {
  type AuditAction,
  type AuditEntry,
  type AuditEntryInput,
  lockAuditChain,
  recordAudit,
  recordAuditGrouped,
} from './audit-trail';
export { actor, forwardedAction, forwardedEntry } from './forward-audit';
export { type RequestAuditEntry, recordRequestAudit } from './request-audit';
export { recordSignInFailure } from './sign-in-audit';

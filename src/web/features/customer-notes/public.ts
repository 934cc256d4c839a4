/** What other features may use of desk notes and flags (lint refuses imports of its other modules). */
export { BuyerAlert } from './buyer-alert';
export { useBuyerClearance } from './buyer-clearance';
export { customerNotesKeys } from './customer-notes-queries';
export { CustomerNotesSection } from './customer-notes-section';
export { OrderCustomerNotes } from './order-customer-notes';
export { useFlagLabels } from './use-flag-labels';

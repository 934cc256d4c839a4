/**
 * Why two customers are likely one person: the same email but for case, dots or a +suffix; the same phone; the
 * same name and zip; a close name at the same address. Without zod: the customer form's warning reads them too.
 */
export const DUPLICATE_REASONS = ['email', 'phone', 'name_zip', 'name_address'] as const;
export type DuplicateReasonKey = (typeof DUPLICATE_REASONS)[number];

import { CUSTOMER_FIELD_MAX } from '@/contract/customer-limits';
import { DRAFT_KEY_FIELDS, type LikelyDuplicatesDraft } from '@/contract/likely-duplicates';
import { isExactEmail } from './exact-email';

/**
 * The draft the gateway is asked about: the form's key fields, trimmed, and cut to what the field may hold. Too
 * long is the form's own error; the warning stays meanwhile (the gateway refused the draft whole, and it vanished).
 */
export function draftOf(values: Readonly<Record<string, unknown>>): LikelyDuplicatesDraft {
  return Object.fromEntries(
    DRAFT_KEY_FIELDS.map((field) => {
      const value = values[field];
      return [field, typeof value === 'string' ? value.trim().slice(0, CUSTOMER_FIELD_MAX[field]) : ''];
    }),
  ) as LikelyDuplicatesDraft;
}

/** Whether `match` already has the draft's email: the service takes an email once, so this one cannot be made. */
export function hasDraftEmail(match: { email: string }, draft: Pick<LikelyDuplicatesDraft, 'email'>): boolean {
  return draft.email !== '' && match.email.trim().toLowerCase() === draft.email.trim().toLowerCase();
}

/** A phone with this many digits or more, leading zeros left out, makes a key (the gateway's duplicate_phone_key). */
const PHONE_KEY_DIGITS = 8;
/** A Dutch zip's four digits: from here a zip can match one typed with its letters or without. */
const ZIP_KEY_LENGTH = 4;

/**
 * Whether the draft holds enough to make a key a customer could share with it: a whole email, a phone that
 * makes a key, or a last name with a zip (name and zip, or a close name at a zip and house number). Asking
 * before that would answer nothing at each keystroke.
 */
export function worthAsking(draft: LikelyDuplicatesDraft): boolean {
  if (isExactEmail(draft.email)) return true;
  if (draft.customerPhone.replace(/\D/g, '').replace(/^0+/, '').length >= PHONE_KEY_DIGITS) return true;
  return draft.customerLastName !== '' && draft.customerZip.replace(/\s/g, '').length >= ZIP_KEY_LENGTH;
}

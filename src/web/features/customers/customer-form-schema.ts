import { z } from 'zod/mini';
import { CUSTOM_FIELDS } from '@/contract/custom-fields';
import { CUSTOMER_CREDIT_MAX, CUSTOMER_FIELD_MAX } from '@/contract/customer-limits';
import type { Customer } from '../../lib/schemas/customer';
import type { CustomerBody } from './customer-queries';

/**
 * The customer form's rules, from the create/update constraints of spec 2.7 (and DESIGN.md decision 13):
 * email, first and last name required on create; lengths 255 / 20 (house number) / 10 (zip) / 1
 * (salutation); a numeric phone — typed any way a person writes it (`06-1234 5678`), sent as digits; credit
 * a decimal with at most two decimals, a Dutch decimal comma accepted, sent with a point.
 * On edit every field is optional for the service (only changed fields are sent), but a required field
 * that had a value cannot be emptied: the service would refuse it. An emptied credit is none (0.00).
 */

/** The contract's limits (src/contract/customer.ts), which the service checks the same way. */
export const FIELD_MAX = CUSTOMER_FIELD_MAX;

export type CustomerFormField = keyof typeof FIELD_MAX | 'customerCredit';
export type CustomerFormValues = Record<CustomerFormField, string>;

/** Fields a customer always has (empty text rather than null); the others may be null. */
const NULLABLE_FIELDS = new Set<CustomerFormField>(['customerExternalId', ...CUSTOM_FIELDS]);
const REQUIRED_FIELDS = new Set<CustomerFormField>(['email', 'customerFirstName', 'customerLastName']);

/** Largest credit the service stores (integer cents in 32 bits). */
export const CREDIT_MAX = CUSTOMER_CREDIT_MAX;

/** What each rule says, in the person's language (the caller passes its translations). */
export interface FormRuleMessages {
  required: string;
  tooLong: (max: number) => string;
  singleCharacter: string;
  email: string;
  phone: string;
  credit: string;
  creditRange: string;
}

const PHONE_SEPARATORS = /[\s\-()./]/g;
const PHONE_PATTERN = /^\+?\d+$/;
const CREDIT_PATTERN = /^-?\d+([.,]\d{1,2})?$/;
// Deliberately plain: one @, something before, a dot in the domain; the service has the final word.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/**
 * The trunk prefix an international number is often written with, "+31 (0)6 …": dialled from abroad it is
 * left out, so it is no digit of the number (kept, it made "+310612345678").
 */
const TRUNK_PREFIX = /^(\+\d{1,3})[\s.-]*\(0\)/;

/**
 * "06-1234 5678" → "0612345678"; "+31 6 1234 5678" and "+31 (0)6 1234 5678" → "+31612345678"; null when not a
 * phone number.
 */
export function normalizePhone(input: string): string | null {
  const compact = input.trim().replace(TRUNK_PREFIX, '$1').replace(PHONE_SEPARATORS, '');
  if (compact === '') return '';
  return PHONE_PATTERN.test(compact) ? compact : null;
}

const DUTCH_ZIP = /^(\d{4})\s*([a-z]{2})$/i;

/**
 * A Dutch postcode as PostNL writes it: "1234ab", "1234AB" and "1234  ab" → "1234 AB"; anything else (a Belgian
 * "1000", a German "10115", a British "SW1A 1AA") as typed. Four digits and two letters is the Dutch form only.
 */
export function normalizeZip(input: string): string {
  const trimmed = input.trim();
  const dutch = DUTCH_ZIP.exec(trimmed);
  return dutch ? `${dutch[1]} ${dutch[2]?.toUpperCase()}` : trimmed;
}

/** "12,5" → "12.50", "-3" → "-3.00"; null when not a decimal with at most two decimals. */
export function normalizeCredit(input: string): string | null {
  const compact = input.trim().replace(/\s/g, '');
  if (!CREDIT_PATTERN.test(compact)) return null;
  const value = Number(compact.replace(',', '.'));
  return Number.isFinite(value) ? value.toFixed(2) : null;
}

export function emptyCustomerForm(): CustomerFormValues {
  const values = {} as CustomerFormValues;
  for (const field of [...Object.keys(FIELD_MAX), 'customerCredit'] as CustomerFormField[]) values[field] = '';
  return values;
}

/** The form's starting values for an existing customer. */
export function customerFormValues(customer: Customer): CustomerFormValues {
  const values = emptyCustomerForm();
  for (const field of Object.keys(FIELD_MAX) as Array<keyof typeof FIELD_MAX>) {
    values[field] = (customer[field] as string | null) ?? '';
  }
  values.customerCredit = customer.customerCredit.toFixed(2);
  return values;
}

/**
 * Whether a field must have a value: the name and the email, on a new customer and on one that has it (a record
 * the service holds without one may be saved without it). The form marks these, and the schema insists.
 */
export function isRequired(field: CustomerFormField, initial?: CustomerFormValues): boolean {
  return REQUIRED_FIELDS.has(field) && (initial === undefined || initial[field].trim() !== '');
}

/**
 * The zod schema of the form. `initial`: the values of the customer being edited (absent on create). Its
 * output is the values as the service wants them (phone digits, credit with a point).
 */
export function customerFormSchema(messages: FormRuleMessages, initial?: CustomerFormValues) {
  const text = (field: keyof typeof FIELD_MAX) => {
    const max = FIELD_MAX[field];
    return z.string().check(
      z.superRefine((value, context) => {
        const trimmed = value.trim();
        if (trimmed === '') {
          if (isRequired(field, initial)) context.addIssue({ code: 'custom', message: messages.required });
          return;
        }
        if (field === 'customerPhone') {
          if (normalizePhone(value) === null) context.addIssue({ code: 'custom', message: messages.phone });
          else if ((normalizePhone(value) ?? '').length > max)
            context.addIssue({ code: 'custom', message: messages.tooLong(max) });
          return;
        }
        if (trimmed.length > max) {
          context.addIssue({ code: 'custom', message: max === 1 ? messages.singleCharacter : messages.tooLong(max) });
          return;
        }
        if (field === 'email' && !EMAIL_PATTERN.test(trimmed)) {
          context.addIssue({ code: 'custom', message: messages.email });
        }
      }),
    );
  };
  // Emptied, the credit is none: 0.00 (updateBody), not a value the form insists on.
  const credit = z.string().check(
    z.superRefine((value, context) => {
      if (value.trim() === '') return;
      const normalized = normalizeCredit(value);
      if (normalized === null) context.addIssue({ code: 'custom', message: messages.credit });
      else if (Math.abs(Number(normalized)) > CREDIT_MAX)
        context.addIssue({ code: 'custom', message: messages.creditRange });
    }),
  );
  const shape = {} as Record<CustomerFormField, z.ZodMiniType<string, string>>;
  for (const field of Object.keys(FIELD_MAX) as Array<keyof typeof FIELD_MAX>) shape[field] = text(field);
  shape.customerCredit = credit;
  return z.object(shape);
}

/** What a valid form sends as it is typed into the service's shape. */
function serviceValue(field: CustomerFormField, value: string): string {
  if (field === 'customerPhone') return normalizePhone(value) ?? value.trim();
  // An emptied credit is none.
  if (field === 'customerCredit') return value.trim() === '' ? '0.00' : (normalizeCredit(value) ?? value.trim());
  if (field === 'customerZip') return normalizeZip(value);
  return value.trim();
}

/** The body of a create: every field with a value (a blank optional field is simply not sent). */
export function createBody(values: CustomerFormValues): CustomerBody {
  const body: Record<string, string> = {};
  for (const [field, value] of Object.entries(values) as Array<[CustomerFormField, string]>) {
    if (value.trim() !== '') body[field] = serviceValue(field, value);
  }
  return body as CustomerBody;
}

/**
 * The body of an edit: only the fields whose value changed (spec 4.2: only sent fields change). A nullable
 * field emptied is sent as null; equal after normalising (`06-1234 5678` for `0612345678`) is no change.
 */
export function updateBody(initial: CustomerFormValues, values: CustomerFormValues): CustomerBody {
  const body: Record<string, string | null> = {};
  for (const field of Object.keys(values) as CustomerFormField[]) {
    const before = serviceValue(field, initial[field]);
    const after = serviceValue(field, values[field]);
    if (before === after) continue;
    body[field] = after === '' && NULLABLE_FIELDS.has(field) ? null : after;
  }
  return body as CustomerBody;
}

import type { CustomerUpdate } from '@/contract/customer';
import { PG_UNIQUE_VIOLATION } from '../../db/connect';
import type { Queryable } from '../../db/database';
import { ValidationError } from '../errors';
import { decimalToCents } from './money';

export const INVALID_DATA_MESSAGE = 'The given data was invalid.';
export const DUPLICATE_EMAIL_MESSAGE = 'This email address is already used by another customer.';

/** Body field → column. Every writable field of spec 2.7; `customerPrefs` is read-only and absent. */
const COLUMN_OF = {
  email: 'email',
  customerExternalId: 'external_id',
  customerSalutation: 'salutation',
  customerFirstName: 'first_name',
  customerLastName: 'last_name',
  customerPreposition: 'preposition',
  customerAddress: 'address',
  customerHouseNr: 'house_nr',
  customerZip: 'zip',
  customerCity: 'city',
  customerCountry: 'country',
  customerPhone: 'phone',
  customerCredit: 'credit_cents',
  customerCustom1: 'custom1',
  customerCustom2: 'custom2',
  customerCustom3: 'custom3',
  customerCustom4: 'custom4',
  customerCustom5: 'custom5',
  customerCustom6: 'custom6',
  customerCustom7: 'custom7',
} as const satisfies Partial<Record<keyof CustomerUpdate, string>>;

/**
 * The columns a (validated) create or update body sets, in a fixed order: only the fields that were
 * sent, so an update changes nothing else. Credit goes in as integer cents.
 */
export function customerColumnValues(body: CustomerUpdate): { column: string; value: unknown }[] {
  const values: { column: string; value: unknown }[] = [];
  for (const [field, column] of Object.entries(COLUMN_OF) as [keyof typeof COLUMN_OF, string][]) {
    const value = body[field];
    if (value === undefined) continue;
    if (field === 'customerCredit') {
      const cents = decimalToCents(value as string | number);
      // The contract already refused anything else; this guards direct callers.
      if (cents === null)
        throw new ValidationError(INVALID_DATA_MESSAGE, {
          customerCredit: ['Credit must be a decimal with at most 2 decimals.'],
        });
      values.push({ column, value: cents });
    } else {
      values.push({ column, value });
    }
  }
  return values;
}

export function duplicateEmailError(): ValidationError {
  return new ValidationError(INVALID_DATA_MESSAGE, { email: [DUPLICATE_EMAIL_MESSAGE] });
}

/** The unique index `customers_email` refused the row: another customer of the client has that email. */
export function isDuplicateEmailViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code !== PG_UNIQUE_VIOLATION) return false;
  return constraint === 'customers_email' || (typeof message === 'string' && message.includes('customers_email'));
}

/** Whether another customer of the client (not `exceptId`) holds the email, compared case-insensitively. */
export async function isEmailTaken(
  db: Queryable,
  clientId: number,
  email: string,
  exceptId?: number,
): Promise<boolean> {
  const { rows } = await db.query(
    'select 1 from customers where client_id = $1 and lower(email) = lower($2) and id <> $3 limit 1',
    [clientId, email, exceptId ?? 0],
  );
  return rows.length > 0;
}

import type { Permission } from '@/contract/staff';

/**
 * Whether a person sees buyers' contact details — email, phone, address — where Foyer shows a buyer with an
 * order (forwarded order lists, the order analysis, the orders and waiting-list exports). Without
 * customers:contact a buyer shows by name only. (The customer list itself is customers:read's: whoever may
 * browse customers sees their records whole.)
 */
export const seesBuyerContact = (permissions: readonly Permission[]): boolean =>
  permissions.includes('customers:contact');

/** The Customer fields that name a buyer; the rest (email, phone, address, preferences, …) is contact detail. */
const NAME_FIELDS = [
  'customerId',
  'customerSalutation',
  'customerFirstName',
  'customerPreposition',
  'customerLastName',
] as const;

/** A buyer (the service's Customer) by name only, for a person without customers:contact. */
export function buyerByName(customer: unknown): unknown {
  if (!customer || typeof customer !== 'object' || Array.isArray(customer)) return customer;
  const whole = customer as Record<string, unknown>;
  return Object.fromEntries(NAME_FIELDS.filter((field) => field in whole).map((field) => [field, whole[field]]));
}

/** The flat columns of Foyer's own answers and files that hold a buyer's contact details. */
const CONTACT_COLUMNS: ReadonlySet<string> = new Set([
  'email',
  'customerEmail',
  'customerPhone',
  'customerAddress',
  'customerHouseNr',
  'customerZip',
  'customerCity',
  'customerCountry',
]);

/** A table's columns without those of contact details, and how to cut a row of the table the same way. */
export interface ContactCut {
  columns: string[];
  row<T>(cells: readonly T[]): T[];
}

export function withoutContactColumns(columns: readonly string[]): ContactCut {
  const kept = columns.map((column, index) => (CONTACT_COLUMNS.has(column) ? -1 : index)).filter((i) => i >= 0);
  return {
    columns: kept.map((index) => columns[index] as string),
    row: (cells) => kept.map((index) => cells[index] as (typeof cells)[number]),
  };
}

/**
 * A record (a flat row, or an order or waiting-list entry with its inline `user`) without contact details:
 * the contact columns left out, the buyer by name only.
 */
export function recordWithoutContact<T>(record: T): T {
  if (!record || typeof record !== 'object' || Array.isArray(record)) return record;
  const kept = Object.entries(record).filter(([key]) => !CONTACT_COLUMNS.has(key));
  return Object.fromEntries(kept.map(([key, value]) => [key, key === 'user' ? buyerByName(value) : value])) as T;
}

import type { Paginated } from '../../../contract/pagination';
import type { Parser } from '../parser';
import {
  type CustomerPrefs,
  fields,
  nullableText,
  parser,
  text,
  toCustomerPrefs,
  toNumber,
  toTags,
  Unreadable,
} from '../read';

/**
 * The app's reading of a Customer (spec 2.7; contract: src/contract/customer.ts). Lenient where a real
 * service may differ, by the same rules as lib/lenient.ts: ids and credit as strings or numbers, tags as a
 * comma-separated string or an array, preferences in their legacy forms (read by the rules of 2.7).
 *
 * Written by hand rather than with zod: the customer list loads up to 100,000 of these in the background,
 * and a plain reader is several times faster than a schema of 25 preprocessed fields.
 */
export interface Customer {
  customerId: number;
  customerExternalId: string | null;
  email: string;
  customerSalutation: string;
  customerFirstName: string;
  customerLastName: string;
  customerPreposition: string;
  customerAddress: string;
  customerHouseNr: string;
  customerZip: string;
  customerCity: string;
  customerCountry: string;
  customerPhone: string;
  customerCredit: number;
  customerCustom1: string | null;
  customerCustom2: string | null;
  customerCustom3: string | null;
  customerCustom4: string | null;
  customerCustom5: string | null;
  customerCustom6: string | null;
  customerCustom7: string | null;
  customerPrefs: CustomerPrefs | null;
  lastChanged: string;
  customerTags: string[];
}

/** Reads one customer; throws Unreadable when a required value is missing or of the wrong kind. */
function readCustomer(value: unknown): Customer {
  const raw = fields(value, 'customer');
  const customerId = toNumber(raw.customerId);
  if (typeof customerId !== 'number' || !Number.isInteger(customerId)) throw new Unreadable('customerId');
  const credit = toNumber(raw.customerCredit);
  const tags = toTags(raw.customerTags);
  return {
    customerId,
    customerExternalId: nullableText(raw.customerExternalId, 'customerExternalId'),
    email: text(raw.email, 'email'),
    customerSalutation: text(raw.customerSalutation, 'customerSalutation'),
    customerFirstName: text(raw.customerFirstName, 'customerFirstName'),
    customerLastName: text(raw.customerLastName, 'customerLastName'),
    customerPreposition: text(raw.customerPreposition, 'customerPreposition'),
    customerAddress: text(raw.customerAddress, 'customerAddress'),
    customerHouseNr: text(raw.customerHouseNr, 'customerHouseNr'),
    customerZip: text(raw.customerZip, 'customerZip'),
    customerCity: text(raw.customerCity, 'customerCity'),
    customerCountry: text(raw.customerCountry, 'customerCountry'),
    customerPhone: text(raw.customerPhone, 'customerPhone'),
    // A missing or unreadable credit shows as 0 rather than hiding the whole customer.
    customerCredit: typeof credit === 'number' && Number.isFinite(credit) ? credit : 0,
    customerCustom1: nullableText(raw.customerCustom1, 'customerCustom1'),
    customerCustom2: nullableText(raw.customerCustom2, 'customerCustom2'),
    customerCustom3: nullableText(raw.customerCustom3, 'customerCustom3'),
    customerCustom4: nullableText(raw.customerCustom4, 'customerCustom4'),
    customerCustom5: nullableText(raw.customerCustom5, 'customerCustom5'),
    customerCustom6: nullableText(raw.customerCustom6, 'customerCustom6'),
    customerCustom7: nullableText(raw.customerCustom7, 'customerCustom7'),
    customerPrefs: toCustomerPrefs(raw.customerPrefs),
    lastChanged: typeof raw.lastChanged === 'string' ? raw.lastChanged : '',
    customerTags: Array.isArray(tags) ? (tags as string[]) : [],
  };
}

export const customerSchema: Parser<Customer> = parser(readCustomer);

function integer(value: unknown, fallback?: number): number {
  const number = toNumber(value);
  if (typeof number === 'number' && Number.isInteger(number)) return number;
  if (fallback !== undefined) return fallback;
  throw new Unreadable('not an integer');
}

/** The paginated customer export (spec 2.14), read leniently; a page past the last has empty data. */
export const customerPageSchema: Parser<Paginated<Customer>> = parser((value) => {
  if (value === null || typeof value !== 'object') throw new Unreadable('not an envelope');
  const raw = value as Record<string, unknown>;
  if (!Array.isArray(raw.data)) throw new Unreadable('data is not a list');
  const optionalText = (field: unknown) => (typeof field === 'string' ? field : null);
  return {
    data: raw.data.map(readCustomer),
    current_page: integer(raw.current_page),
    last_page: integer(raw.last_page),
    per_page: integer(raw.per_page, 100),
    total: integer(raw.total),
    next_page_url: optionalText(raw.next_page_url),
    prev_page_url: optionalText(raw.prev_page_url),
    first_page_url: optionalText(raw.first_page_url) ?? '',
    last_page_url: optionalText(raw.last_page_url) ?? '',
    from: integer(raw.from, 0),
    to: integer(raw.to, 0),
    path: optionalText(raw.path) ?? '',
  };
});

/** `GET /partner/customer/{id}/clienttypes`, `GET /partner/export/clienttypes`: a list of tag names. */
export const tagListSchema: Parser<string[]> = parser((value) => {
  const tags = toTags(value);
  if (!Array.isArray(tags)) throw new Unreadable('not a list of tags');
  return tags as string[];
});

/** "Anna de Vries": first name, preposition and last name as the Dutch write them. */
export function customerName(
  customer: Pick<Customer, 'customerFirstName' | 'customerPreposition' | 'customerLastName'>,
) {
  return [customer.customerFirstName, customer.customerPreposition, customer.customerLastName]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');
}

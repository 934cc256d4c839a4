import type * as Contract from '@/contract/customer';
import { looseFlag } from '@/contract/customer-prefs';
import type {
  BuyerLookupAnswer,
  BuyerMatch,
  BuyerSummary,
  CustomerMatches,
  CustomerSearchPage,
  CustomerTagCounts,
  EmailCheck,
} from '@/contract/customer-search';
import { DUPLICATE_REASONS, type DuplicateReasonKey } from '@/contract/duplicate-reasons';
import type { LikelyDuplicates } from '@/contract/likely-duplicates';
import type { Parser } from '../parser';
import { personName } from '../person-name';
import { fields, nullableText, parser, text, toNumber, toTags, Unreadable } from '../read';

/** A customer's preferences as read: here with the customer, not in read.ts, which every first load carries. */
export interface CustomerPrefs {
  optin: boolean;
  mailinglist: boolean;
  extraOptin: boolean;
  /** Every key as stored, unknown future keys included (rule 4: passed through unchanged). */
  raw: Record<string, unknown>;
}

/**
 * `customerPrefs` by the rules of spec 2.7: null → nothing stored (null); a missing key means no; values
 * compared loosely. A non-object value is treated as nothing stored rather than failing the customer.
 */
export function toCustomerPrefs(value: unknown): CustomerPrefs | null {
  if (value === null || value === undefined || typeof value !== 'object' || Array.isArray(value)) return null;
  const raw = value as Record<string, unknown>;
  return {
    optin: looseFlag(raw.user_prefs_optin),
    mailinglist: looseFlag(raw.user_prefs_mailinglist),
    extraOptin: looseFlag(raw.user_prefs_extra_optin),
    raw,
  };
}

/**
 * The app's reading of a Customer (spec 2.7; contract: src/contract/customer.ts). Lenient where a real
 * service may differ, by the same rules as lib/lenient.ts: ids and credit as strings or numbers, tags as a
 * comma-separated string or an array, preferences in their legacy forms (read by the rules of 2.7).
 *
 * Written by hand rather than with zod: a page of the customer list holds 100 of these, read at every
 * keystroke of a search, and a plain reader is several times faster than a schema of 25 preprocessed fields.
 */
export type Customer = Omit<Contract.Customer, 'customerCredit' | 'customerPrefs' | 'customerTags'> & {
  /** The decimal string as a number, for sums and sorting. */
  customerCredit: number;
  customerPrefs: CustomerPrefs | null;
  customerTags: string[];
};

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

const EMAIL_CHECKS: readonly EmailCheck[] = ['found', 'not-found', 'failed'];
const emailCheckOf = (value: unknown): EmailCheck | undefined =>
  EMAIL_CHECKS.includes(value as EmailCheck) ? (value as EmailCheck) : undefined;

/** `GET /api/customers`: a page of the gateway's customer search, its customers read as the app's. */
export const customerSearchPageSchema: Parser<CustomerSearchPage<Customer>> = parser((value) => {
  const raw = fields(value, 'customer page');
  if (!Array.isArray(raw.data)) throw new Unreadable('data is not a list');
  return {
    data: raw.data.map(readCustomer),
    total: integer(raw.total),
    page: integer(raw.page, 1),
    perPage: integer(raw.perPage, raw.data.length),
    lastPage: integer(raw.lastPage, 1),
    emailCheck: emailCheckOf(raw.emailCheck),
    mergedInto: mergedIntoOf(raw.mergedInto),
  };
});

/** A page's customers merged away (number → the customer kept); anything unreadable in it is left out. */
function mergedIntoOf(value: unknown): Record<number, number> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const entries = Object.entries(value).flatMap(([id, kept]): [number, number][] => {
    const merged = Number(id);
    return Number.isInteger(merged) && Number.isInteger(kept) ? [[merged, kept as number]] : [];
  });
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** A buyer as the box office's picker gets one (`GET /api/customers/lookup`): only what it shows. */
function readBuyer(value: unknown): BuyerSummary {
  const raw = fields(value, 'buyer');
  const customerId = toNumber(raw.customerId);
  if (typeof customerId !== 'number' || !Number.isInteger(customerId)) throw new Unreadable('customerId');
  return {
    customerId,
    customerFirstName: text(raw.customerFirstName, 'customerFirstName'),
    customerPreposition: text(raw.customerPreposition, 'customerPreposition'),
    customerLastName: text(raw.customerLastName, 'customerLastName'),
    email: text(raw.email, 'email'),
    customerPhone: text(raw.customerPhone, 'customerPhone'),
    customerCity: text(raw.customerCity, 'customerCity'),
  };
}

export const buyerLookupSchema: Parser<BuyerLookupAnswer> = parser((value) => {
  const raw = fields(value, 'lookup');
  if (!Array.isArray(raw.data)) throw new Unreadable('data is not a list');
  const data = raw.data.map((entry): BuyerMatch => {
    const mergedInto = toNumber(fields(entry, 'buyer').mergedInto);
    const buyer = readBuyer(entry);
    return typeof mergedInto === 'number' && Number.isInteger(mergedInto) ? { ...buyer, mergedInto } : buyer;
  });
  return { data, total: integer(raw.total), emailCheck: emailCheckOf(raw.emailCheck) };
});

/** A customer as the buyer picker names them: any Customer read this way, or the buyer summary the box office gets. */
export const buyerSummarySchema: Parser<BuyerSummary> = parser(readBuyer);

/** `POST /api/customers/likely-duplicates`: who a customer being created may already be; unknown reasons left out. */
export const likelyDuplicatesSchema: Parser<LikelyDuplicates> = parser((value) => {
  const raw = fields(value, 'likely duplicates');
  if (!Array.isArray(raw.data)) throw new Unreadable('data is not a list');
  return {
    data: raw.data.map((entry) => {
      const match = fields(entry, 'likely duplicate');
      return {
        ...readBuyer(entry),
        score: integer(match.score, 0),
        reasons: Array.isArray(match.reasons)
          ? match.reasons.filter((reason): reason is DuplicateReasonKey =>
              (DUPLICATE_REASONS as readonly unknown[]).includes(reason),
            )
          : [],
      };
    }),
  };
});

/** `GET /api/customers/matches`: every match of a search, with what a bulk action names them by. */
export const customerMatchesSchema: Parser<CustomerMatches> = parser((value) => {
  const raw = fields(value, 'matches');
  if (!Array.isArray(raw.data)) throw new Unreadable('data is not a list');
  return {
    data: raw.data.map((entry) => {
      const { customerId, customerFirstName, customerPreposition, customerLastName, email } = readBuyer(entry);
      return { customerId, customerFirstName, customerPreposition, customerLastName, email };
    }),
    total: integer(raw.total),
    truncated: raw.truncated === true,
  };
});

/** `GET /api/customers/tags`: customers per tag. */
export const tagCountsSchema: Parser<CustomerTagCounts['data']> = parser((value) => {
  const raw = fields(value, 'tag counts');
  if (!Array.isArray(raw.data)) throw new Unreadable('data is not a list');
  return raw.data.map((entry) => {
    const row = fields(entry, 'tag count');
    return { tag: text(row.tag, 'tag'), customers: integer(row.customers) };
  });
});

/** `GET /partner/customer/{id}/clienttypes`, `GET /partner/export/clienttypes`: a list of tag names. */
export const tagListSchema: Parser<string[]> = parser((value) => {
  const tags = toTags(value);
  if (!Array.isArray(tags)) throw new Unreadable('not a list of tags');
  return tags as string[];
});

/** "Anna de Vries": first name, preposition and last name as the Dutch write them (person-name.ts). */
export function customerName(
  customer: Pick<Customer, 'customerFirstName' | 'customerPreposition' | 'customerLastName'>,
) {
  return personName(customer);
}

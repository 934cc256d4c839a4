import type { CustomerUpdate } from '@/contract/customer';
import { ANONYMISED_FIRST_NAME, ANONYMISED_LAST_NAME, anonymisedEmail } from '@/contract/privacy-limits';
import type { Queryable } from '../../db/database';
import { type MirrorCustomer, upsertCustomers } from '../mirror';
import type { UpstreamClient } from '../upstream';
import { deleteDeskNotesOf } from './desk-notes';

/**
 * Anonymising one customer: what is overwritten in the service, and how Foyer's copies follow at once.
 *
 * The service (PUT /partner/customer/{id}, spec 2.7): both names become a fixed placeholder (the service
 * requires them), the email a unique, undeliverable placeholder (`anonymised-{id}@anonymised.invalid`: the
 * service's email rule accepts it, and `.invalid` never delivers), every other personal text field empty, the
 * external id and custom fields 1–7 null (an organisation that keeps a birthday keeps it there: the interface
 * has no birthday field). The tags are removed (POST …/clienttypes with []). What stays: the customer number
 * (the orders refer to it), the credit balance and the orders (the books), and `customerPrefs` — the interface
 * does not accept it on create or update (spec 2.7 rule 5), so Foyer cannot switch the opt-ins off; with the
 * address gone no mailing reaches anyone through them.
 *
 * Foyer's copies: the mirror's row takes the service's answer (its body is that record), and this process's
 * customer search reads it at once and forgets the replaced words (customer-search: a record with an
 * anonymised email compacts the index); other instances do the same on their next search. The mirror's
 * orders keep no customer fields (mirror-store.ts strips `user`), nor does its waiting list.
 */

/** The fields overwritten, as the PUT sends them. */
export function anonymisedFields(customerId: number): CustomerUpdate {
  return {
    email: anonymisedEmail(customerId),
    customerFirstName: ANONYMISED_FIRST_NAME,
    customerLastName: ANONYMISED_LAST_NAME,
    customerSalutation: '',
    customerPreposition: '',
    customerAddress: '',
    customerHouseNr: '',
    customerZip: '',
    customerCity: '',
    customerCountry: '',
    customerPhone: '',
    customerExternalId: null,
    customerCustom1: null,
    customerCustom2: null,
    customerCustom3: null,
    customerCustom4: null,
    customerCustom5: null,
    customerCustom6: null,
    customerCustom7: null,
  };
}

/** A customer's tags as the service sends them: a comma-separated string, an array, or null. */
export function tagsOf(customer: Record<string, unknown>): string[] {
  const tags = customer.customerTags;
  const list = Array.isArray(tags) ? tags.map(String) : typeof tags === 'string' ? tags.split(',') : [];
  return list.map((tag) => tag.trim()).filter((tag) => tag !== '');
}

/** Whether the record holds nothing but the placeholders: every overwritten field, and no tags. */
export function isAnonymised(customer: Record<string, unknown>): boolean {
  const expected = anonymisedFields(Number(customer.customerId));
  const same = Object.entries(expected).every(([field, value]) => {
    const held = customer[field] ?? null;
    // A service may send an empty text as null, or null as an empty text.
    return value === null || value === '' ? held === null || held === '' : held === value;
  });
  return same && tagsOf(customer).length === 0;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The customer as the service holds it now; null when it does not know them. */
export async function serviceCustomer(
  upstream: UpstreamClient,
  customerId: number,
): Promise<Record<string, unknown> | null> {
  const customer = await upstream.read('GET', `/partner/customer/${customerId}`, { missing: 'null' });
  return isRecord(customer) ? customer : null;
}

export interface ServiceAnonymisation {
  /** The record as the service answered after the change. */
  customer: Record<string, unknown>;
  fieldsCleared: string[];
  tagsRemoved: number;
}

/**
 * Overwrites the customer's personal fields in the service (the tags first, so the PUT's answer is the final
 * record). Both calls set values, so repeating them after an interruption does no harm.
 */
export async function anonymiseInService(
  upstream: UpstreamClient,
  current: Record<string, unknown>,
): Promise<ServiceAnonymisation> {
  const customerId = Number(current.customerId);
  const tags = tagsOf(current);
  if (tags.length > 0) {
    await upstream.read('POST', `/partner/customer/${customerId}/clienttypes`, { body: { clienttypes: [] } });
  }
  const fields = anonymisedFields(customerId);
  const answer = await upstream.read('PUT', `/partner/customer/${customerId}`, { body: fields });
  if (!isRecord(answer)) throw new Error(`the service answered no customer for ${customerId}`);
  return { customer: answer, fieldsCleared: Object.keys(fields), tagsRemoved: tags.length };
}

/**
 * Foyer's copies follow the service's record: the mirror's row (with `tx`, beside the caller's audit entry) and
 * the desk notes and flags deleted. Returns how many of each went (a walkthrough's summary counted flags as notes).
 */
export async function anonymiseFoyerRecords(
  tx: Queryable,
  organisationId: number,
  customer: Record<string, unknown>,
): Promise<{ notesDeleted: number; flagsRemoved: number }> {
  await upsertCustomers(tx, organisationId, [customer as MirrorCustomer]);
  const gone = await deleteDeskNotesOf(tx, organisationId, Number(customer.customerId));
  return { notesDeleted: gone.notes, flagsRemoved: gone.flags };
}

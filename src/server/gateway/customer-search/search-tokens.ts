/**
 * What the customer search (search-index.ts) finds a customer by and how it reads a query: text normalised
 * (lower case, no accents), words, phone numbers in their national form, zips without the space, and each
 * customer's tokens with the field they come from.
 */

/** Field codes (4 bits in a posting; their weights are the index's). */
export const FIELD = {
  lastName: 0,
  firstName: 1,
  preposition: 2,
  email: 3,
  phone: 4,
  zip: 5,
  city: 6,
  tag: 7,
  id: 8,
  externalId: 9,
} as const;

/** Lower case without accents: "Müller" and "muller", "Élise" and "elise" find each other. */
export function normalizeText(text: string): string {
  // Most names are plain ASCII: skip the (costly) Unicode decomposition for them.
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

const NON_ASCII = /[^ -~\t\n\r]/;
const ASCII_SEPARATORS = /[^a-z0-9]+/;
const UNICODE_SEPARATORS = /[^\p{L}\p{N}]+/u;

/** Words of a text: runs of letters and digits. */
export function words(text: string): string[] {
  const normalized = normalizeText(text);
  if (normalized === '') return [];
  const parts = normalized.split(NON_ASCII.test(normalized) ? UNICODE_SEPARATORS : ASCII_SEPARATORS);
  return parts.length === 1 ? parts : parts.filter((word) => word !== '');
}

/**
 * A phone number as the digits a person would type at home: `+31 6 1234 5678`, `0031612345678` and
 * `06-12345678` all become `0612345678`. Other countries keep their digits as given.
 */
export function phoneDigits(raw: string): string {
  const trimmed = raw.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (digits.startsWith('0031')) return `0${digits.slice(4)}`;
  if (trimmed.startsWith('+') && digits.startsWith('31')) return `0${digits.slice(2)}`;
  return digits;
}

const ZIP_PATTERN = /^\d{4}$/;
const ZIP_LETTERS = /^[a-z]{2}$/;
const NUMBER_QUERY = /^[\d\s\-+()./]+$/;
const EMAIL_LIKE = /@/;

/**
 * The terms of a query. A query of only digits and separators is one number (a phone typed with dashes and
 * spaces); "1234 AB" is one zip; a word with `@` stays whole so it can match an email from its start.
 */
export function queryTerms(query: string): string[] {
  const trimmed = query.trim();
  if (trimmed === '') return [];
  if (NUMBER_QUERY.test(trimmed) && /\d/.test(trimmed)) {
    const digits = phoneDigits(trimmed);
    return digits === '' ? [] : [digits];
  }
  const terms: string[] = [];
  for (const piece of normalizeText(trimmed).split(/\s+/)) {
    if (piece === '') continue;
    if (EMAIL_LIKE.test(piece)) {
      terms.push(piece);
      continue;
    }
    for (const word of piece.split(/[^\p{L}\p{N}]+/u)) if (word !== '') terms.push(word);
  }
  // A zip typed with its space: "1234" followed by two letters is one term.
  const merged: string[] = [];
  for (const term of terms) {
    const previous = merged[merged.length - 1];
    if (previous !== undefined && ZIP_PATTERN.test(previous) && ZIP_LETTERS.test(term)) {
      merged[merged.length - 1] = previous + term;
    } else {
      merged.push(term);
    }
  }
  return merged;
}

/** Where tokensOf sends the tokens a customer is found by. */
export interface TokenSink {
  /** A token of `field`; `unique` when nearly every customer has their own (a whole email, a phone, an id). */
  token(token: string, field: number, unique: boolean): void;
  /**
   * Each word of `text`, a value many customers share (a name, a city, a tag), as a token of `field`; with
   * `joined`, also the words run together when there are several (a tag "Nieuw lid" is found by "nieuwlid").
   */
  sharedWords(text: string, field: number, joined: boolean): void;
}

/** What a customer is found by: the Customer's fields that the search reads (spec 2.7). */
export interface SearchableCustomer {
  customerId: number;
  customerFirstName: string;
  customerPreposition: string;
  customerLastName: string;
  email: string;
  customerPhone: string;
  customerZip: string;
  customerCity: string;
  customerTags: readonly string[];
  customerExternalId: string | null;
}

/** Sends `sink` every token a customer is found by, with its field. */
export function tokensOf(customer: SearchableCustomer, sink: TokenSink): void {
  sink.sharedWords(customer.customerLastName, FIELD.lastName, false);
  sink.sharedWords(customer.customerFirstName, FIELD.firstName, false);
  sink.sharedWords(customer.customerPreposition, FIELD.preposition, false);
  const email = normalizeText(customer.email.trim());
  if (email !== '') {
    sink.token(email, FIELD.email, true);
    for (const word of words(email)) sink.token(word, FIELD.email, false);
  }
  const phone = customer.customerPhone.trim();
  if (phone !== '') {
    const national = phoneDigits(phone);
    const raw = phone.replace(/\D/g, '');
    if (national !== '') sink.token(national, FIELD.phone, true);
    if (raw !== national && raw !== '') sink.token(raw, FIELD.phone, true);
  }
  const zip = normalizeText(customer.customerZip).replace(/\s+/g, '');
  if (zip !== '') sink.token(zip, FIELD.zip, true);
  sink.sharedWords(customer.customerCity, FIELD.city, false);
  for (const tag of customer.customerTags) sink.sharedWords(tag, FIELD.tag, true);
  sink.token(String(customer.customerId), FIELD.id, true);
  if (customer.customerExternalId) {
    const external = normalizeText(customer.customerExternalId.trim());
    if (external !== '') sink.token(external, FIELD.externalId, true);
    const parts = words(external);
    if (parts.length > 1) for (const part of parts) sink.token(part, FIELD.externalId, false);
  }
}

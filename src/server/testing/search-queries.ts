import type { Customer } from '../../contract/customer';
import { Prng } from '../service/db/seed/prng';

/** A query as a person types it at a desk or in the back office, and the customer they are after. */
export interface RealisticQuery {
  kind: QueryKind;
  text: string;
  customerId: number;
}

export type QueryKind =
  | 'last name part + first name + city'
  | 'first name part + last name + zip'
  | 'last name + zip with a space'
  | 'swapped letters + first name + city'
  | 'typo + first name + zip'
  | 'phone typed another way'
  | 'phone fragment'
  | 'zip'
  | 'email'
  | 'email start'
  | 'customer number'
  | 'external id';

const KINDS: readonly QueryKind[] = [
  'last name part + first name + city',
  'first name part + last name + zip',
  'last name + zip with a space',
  'swapped letters + first name + city',
  'typo + first name + zip',
  'phone typed another way',
  'phone fragment',
  'zip',
  'email',
  'email start',
  'customer number',
  'external id',
];

/** 0612345678 typed as +31 6 1234 5678; +31612345678 typed as 06 12 34 56 78 (the forms people use). */
function phoneTypedAnotherWay(phone: string): string | null {
  const national = phone.startsWith('+31') ? `0${phone.slice(3)}` : phone;
  if (!/^0\d{9}$/.test(national)) return null;
  return phone.startsWith('+31')
    ? national.replace(/^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/, '$1 $2 $3 $4 $5')
    : `+31 ${national.slice(1, 2)} ${national.slice(2, 6)} ${national.slice(6)}`;
}

/** The first eight digits with a dash, as someone reads a number off a note: 06-1234 56. */
function phoneFragment(phone: string): string | null {
  const national = phone.startsWith('+31') ? `0${phone.slice(3)}` : phone;
  if (!/^0\d{9}$/.test(national)) return null;
  return `${national.slice(0, 2)}-${national.slice(2, 6)} ${national.slice(6, 8)}`;
}

/** Two neighbouring letters swapped inside the word (not the first): "Jansen" → "Jasnen". */
function swapLetters(word: string, rng: Prng): string | null {
  if (word.length < 5) return null;
  const at = rng.int(1, word.length - 2);
  if (word[at] === word[at + 1]) return null;
  return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
}

/** One letter typed wrong, left out or doubled (not the first). */
function oneTypo(word: string, rng: Prng): string | null {
  if (word.length < 5) return null;
  const at = rng.int(1, word.length - 1);
  const letters = 'aeioulnrstdkm';
  switch (rng.int(0, 2)) {
    case 0: {
      const replacement = letters[rng.int(0, letters.length - 1)] as string;
      return replacement === word[at]?.toLowerCase() ? null : word.slice(0, at) + replacement + word.slice(at + 1);
    }
    case 1:
      return word.slice(0, at) + word.slice(at + 1);
    default:
      return word.slice(0, at) + word[at] + word.slice(at);
  }
}

const zipWithSpace = (zip: string) =>
  /^\d{4}[A-Za-z]{2}$/.test(zip) ? `${zip.slice(0, 4)} ${zip.slice(4).toLowerCase()}` : null;

/** The longest word of a last name ("van den Berg" has just "Berg"; "Van der Meer-Bakker" has two). */
const mainWord = (lastName: string) =>
  lastName.split(/[\s-]+/).reduce((longest, word) => (word.length > longest.length ? word : longest), '');

function queryOf(kind: QueryKind, customer: Customer, rng: Prng): string | null {
  const first = customer.customerFirstName;
  const last = mainWord(customer.customerLastName);
  const city = customer.customerCity;
  switch (kind) {
    case 'last name part + first name + city':
      return last.length >= 4 && city ? `${last.slice(0, Math.max(4, last.length - 2))} ${first} ${city}` : null;
    case 'first name part + last name + zip': {
      const zip = zipWithSpace(customer.customerZip);
      return zip && first.length >= 3 ? `${first.slice(0, 3).toLowerCase()} ${last} ${zip}` : null;
    }
    case 'last name + zip with a space': {
      const zip = zipWithSpace(customer.customerZip);
      return zip ? `${last} ${zip}` : null;
    }
    case 'swapped letters + first name + city': {
      const swapped = swapLetters(last, rng);
      return swapped && city ? `${swapped} ${first} ${city}` : null;
    }
    case 'typo + first name + zip': {
      const typo = oneTypo(last, rng);
      return typo && customer.customerZip ? `${first} ${typo} ${customer.customerZip.slice(0, 4)}` : null;
    }
    case 'phone typed another way':
      return phoneTypedAnotherWay(customer.customerPhone);
    case 'phone fragment':
      return phoneFragment(customer.customerPhone);
    case 'zip':
      return zipWithSpace(customer.customerZip);
    case 'email':
      return customer.email.toLowerCase();
    case 'email start': {
      // The whole local part and the domain's first letters, as when the rest is still being typed.
      const [local, domain] = customer.email.toLowerCase().split('@');
      return local && domain && domain.length > 3 ? `${local}@${domain.slice(0, 3)}` : null;
    }
    case 'customer number':
      return String(customer.customerId);
    case 'external id':
      return customer.customerExternalId;
  }
}

/**
 * `count` queries for customers drawn at random from `customers` (deterministic for a seed), each kind in
 * turn: partial names with the city or zip, typos including swapped letters, phones typed another way and
 * fragments of them, zips with a space, emails whole and in part, customer numbers and external ids. Each says
 * enough to single a person out among many, as one does at a desk (a name alone is shared by dozens).
 * A kind that does not fit the drawn customer (no phone, a short name) passes to the next customer.
 */
export function realisticQueries(customers: readonly Customer[], count: number, seed = 21): RealisticQuery[] {
  const rng = new Prng(seed);
  const queries: RealisticQuery[] = [];
  for (let attempt = 0; queries.length < count && attempt < count * 20; attempt++) {
    const kind = KINDS[queries.length % KINDS.length] as QueryKind;
    const customer = customers[rng.int(0, customers.length - 1)] as Customer;
    const text = queryOf(kind, customer, rng);
    if (text) queries.push({ kind, text, customerId: customer.customerId });
  }
  return queries;
}

/** Each prefix of a query as it is typed, one keystroke at a time (from the second character). */
export function keystrokes(text: string): string[] {
  const typed: string[] = [];
  for (let length = 2; length <= text.length; length++) typed.push(text.slice(0, length));
  return typed;
}

import type { Customer, CustomerCreate, CustomerUpdate } from '../../../contract/customer';
import type { Client } from '../context';
import type { Queryable } from '../db/database';
import { NotFoundError, ValidationError } from '../errors';
import type { PreparedPage } from '../prepared-responses';
import { customersKey } from './change-counters';
import {
  customerColumnValues,
  duplicateEmailError,
  INVALID_DATA_MESSAGE,
  isDuplicateEmailViolation,
  isEmailTaken,
} from './customer-validation';
import { type PageFilter, pageOfClientJson, preparedListingPage } from './exports';
import { centsToDecimalString } from './money';
import { zonedIso } from './zoned-timestamps';

export interface CustomerRow {
  id: number;
  external_id: string | null;
  email: string;
  salutation: string;
  first_name: string;
  last_name: string;
  preposition: string;
  address: string;
  house_nr: string;
  zip: string;
  city: string;
  country: string;
  phone: string;
  credit_cents: number;
  custom1: string | null;
  custom2: string | null;
  custom3: string | null;
  custom4: string | null;
  custom5: string | null;
  custom6: string | null;
  custom7: string | null;
  prefs: Record<string, unknown> | null;
  tags: string[];
  last_changed: Date;
}

export const CUSTOMER_COLUMNS = `id, external_id, email, salutation, first_name, last_name, preposition, address,
  house_nr, zip, city, country, phone, credit_cents, custom1, custom2, custom3, custom4, custom5, custom6, custom7,
  prefs, tags, last_changed`;

export const CUSTOMER_NOT_FOUND = 'Customer not found';

/** Customer of spec 2.7. `customerPrefs` is passed through exactly as stored (legacy forms included). */
export function toCustomer(row: CustomerRow, timeZone: string): Customer {
  return {
    customerId: row.id,
    customerExternalId: row.external_id,
    email: row.email,
    customerSalutation: row.salutation,
    customerFirstName: row.first_name,
    customerLastName: row.last_name,
    customerPreposition: row.preposition,
    customerAddress: row.address,
    customerHouseNr: row.house_nr,
    customerZip: row.zip,
    customerCity: row.city,
    customerCountry: row.country,
    customerPhone: row.phone,
    customerCredit: centsToDecimalString(row.credit_cents),
    customerCustom1: row.custom1,
    customerCustom2: row.custom2,
    customerCustom3: row.custom3,
    customerCustom4: row.custom4,
    customerCustom5: row.custom5,
    customerCustom6: row.custom6,
    customerCustom7: row.custom7,
    customerPrefs: row.prefs,
    lastChanged: zonedIso(row.last_changed, timeZone),
    customerTags: row.tags.length > 0 ? row.tags.join(',') : null,
  };
}

export async function getCustomer(db: Queryable, client: Client, customerId: number): Promise<Customer> {
  const { rows } = await db.query<CustomerRow>(
    `select ${CUSTOMER_COLUMNS} from customers where client_id = $1 and id = $2`,
    [client.id, customerId],
  );
  if (!rows[0]) throw new NotFoundError(CUSTOMER_NOT_FOUND);
  return toCustomer(rows[0], client.timeZone);
}

/** Case-insensitive (DESIGN.md decision 13); uses the unique index on lower(email). */
export async function findCustomerByEmail(db: Queryable, client: Client, email: string): Promise<Customer> {
  const { rows } = await db.query<CustomerRow>(
    `select ${CUSTOMER_COLUMNS} from customers where client_id = $1 and lower(email) = lower($2)`,
    [client.id, email],
  );
  if (!rows[0]) throw new NotFoundError(CUSTOMER_NOT_FOUND);
  return toCustomer(rows[0], client.timeZone);
}

/** Customers by id, for inlining into orders and waiting-list entries: one query for a whole page. */
export async function customersById(db: Queryable, client: Client, ids: number[]): Promise<Map<number, Customer>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  // By primary key alone, so the plan never depends on statistics; the client check happens on the rows.
  const { rows } = await db.query<CustomerRow & { client_id: number }>(
    `select client_id, ${CUSTOMER_COLUMNS} from customers where id = any($1::int[])`,
    [unique],
  );
  return new Map(
    rows.filter((row) => row.client_id === client.id).map((row) => [row.id, toCustomer(row, client.timeZone)]),
  );
}

/**
 * Creates a customer. The pre-check gives the usual answer; the unique index decides when two requests
 * race, and its violation becomes the same 422.
 */
export async function createCustomer(
  db: Queryable,
  client: Client,
  body: CustomerCreate,
  now: Date,
): Promise<Customer> {
  if (await isEmailTaken(db, client.id, body.email)) throw duplicateEmailError();
  const values = customerColumnValues(body);
  const columns = ['client_id', 'last_changed', ...values.map((entry) => entry.column)];
  const params = [client.id, now, ...values.map((entry) => entry.value)];
  try {
    const { rows } = await db.query<CustomerRow>(
      `insert into customers (${columns.join(', ')}) values (${params.map((_, i) => `$${i + 1}`).join(', ')})
       returning ${CUSTOMER_COLUMNS}`,
      params,
    );
    return toCustomer(rows[0] as CustomerRow, client.timeZone);
  } catch (error) {
    if (isDuplicateEmailViolation(error)) throw duplicateEmailError();
    throw error;
  }
}

/** Changes only the sent fields and bumps last_changed; a body without known fields changes nothing. */
export async function updateCustomer(
  db: Queryable,
  client: Client,
  customerId: number,
  body: CustomerUpdate,
  now: Date,
): Promise<Customer> {
  if (body.email !== undefined && (await isEmailTaken(db, client.id, body.email, customerId))) {
    // A missing customer is a 404, not a duplicate: check it exists before blaming the email.
    await getCustomer(db, client, customerId);
    throw duplicateEmailError();
  }
  const values = customerColumnValues(body);
  // Nothing sent, nothing changed: last_changed stays, so an incremental sync is not woken for nothing.
  if (values.length === 0) return getCustomer(db, client, customerId);
  const assignments = values.map((entry, i) => `${entry.column} = $${i + 4}`);
  try {
    const { rows } = await db.query<CustomerRow>(
      `update customers set ${['last_changed = $3', ...assignments].join(', ')}
        where client_id = $1 and id = $2 returning ${CUSTOMER_COLUMNS}`,
      [client.id, customerId, now, ...values.map((entry) => entry.value)],
    );
    if (!rows[0]) throw new NotFoundError(CUSTOMER_NOT_FOUND);
    return toCustomer(rows[0], client.timeZone);
  } catch (error) {
    if (isDuplicateEmailViolation(error)) throw duplicateEmailError();
    throw error;
  }
}

export async function getCustomerTags(db: Queryable, client: Client, customerId: number): Promise<string[]> {
  const { rows } = await db.query<{ tags: string[] }>('select tags from customers where client_id = $1 and id = $2', [
    client.id,
    customerId,
  ]);
  if (!rows[0]) throw new NotFoundError(CUSTOMER_NOT_FOUND);
  return rows[0].tags;
}

/**
 * Replaces the customer's tags (set semantics: duplicates dropped, first occurrence keeps its place).
 * Every value must be one of the client's tags (DESIGN.md decision 13), compared exactly.
 */
export async function setCustomerTags(
  db: Queryable,
  client: Client,
  customerId: number,
  clienttypes: string[],
  now: Date,
): Promise<string[]> {
  await getCustomerTags(db, client, customerId);
  const tags = [...new Set(clienttypes)];
  if (tags.length > 0) {
    const { rows } = await db.query<{ name: string }>(
      'select name from client_tags where client_id = $1 and name = any($2::text[])',
      [client.id, tags],
    );
    const known = new Set(rows.map((row) => row.name));
    const unknown = tags.filter((tag) => !known.has(tag));
    if (unknown.length > 0) {
      throw new ValidationError(INVALID_DATA_MESSAGE, {
        clienttypes: unknown.map((tag) => `"${tag}" is not a client type of this client.`),
      });
    }
  }
  const { rows } = await db.query<{ tags: string[] }>(
    'update customers set tags = $3::text[], last_changed = $4 where client_id = $1 and id = $2 returning tags',
    [client.id, customerId, tags, now],
  );
  if (!rows[0]) throw new NotFoundError(CUSTOMER_NOT_FOUND);
  return rows[0].tags;
}

/**
 * `POST /partner/export/customers`, by (last_changed, id) ascending so an incremental sync never skips: a
 * page as prepared JSON (prepared-responses.ts), made by the database in one value and reused while the
 * client's customers are unchanged (change-counters.ts). A full load of 100,000 customers is 1,000 pages.
 */
export function exportCustomersPrepared(
  db: Queryable,
  client: Client,
  filter: PageFilter,
): Promise<PreparedPage<Customer>> {
  const key = `customers-export:${client.id}:${client.timeZone}:${filter.page}:${filter.changedSince?.getTime() ?? ''}`;
  return preparedListingPage(db, key, [customersKey(client.id)], async () => {
    const page = await pageOfClientJson(
      db,
      { table: 'customers', changedColumn: 'last_changed', sortColumn: 'last_changed', changeKey: customersKey },
      client.id,
      filter,
      // Each customer's JSON, exactly as `JSON.stringify(toCustomer(row))` gives it, is kept with its row by a
      // trigger (migration 009), with "lastChanged" in the client's zone; only `customerPrefs` may differ in
      // spacing (PostgreSQL prints jsonb with a space after `:` and `,`), not in value. The export tests
      // compare the two on both databases.
      'export_json',
    );
    return { total: page.total, rowCount: page.rowCount, dataJson: `[${page.rowsJson}]` };
  });
}

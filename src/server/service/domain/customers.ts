import type { Customer, CustomerCreate, CustomerUpdate } from '@/contract/customer';
import type { Queryable } from '../../db/database';
import type { Client } from '../context';
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

export const CUSTOMER_NOT_FOUND = 'Customer not found';

/**
 * A customer (spec 2.7) as the service shows it, everywhere: the JSON text the database keeps with the row,
 * `export_json`. The trigger of migration 009 makes it on every insert and update (and again when the
 * client's time zone changes), so that trigger is the one place the service builds a customer's JSON: the
 * single reads below, the orders and waiting-list entries that inline a customer, and the export pages
 * (which join the texts unparsed) all show what it made. Its shape is the contract's `customerSchema`
 * (contract/customer.ts); src/server/testing/customer-json.ts states the same builder in TypeScript for test
 * data, and the export tests check that the trigger's JSON equals it, edge values included.
 */
const customerOf = (row: { export_json: string }): Customer => JSON.parse(row.export_json) as Customer;

export async function getCustomer(db: Queryable, client: Client, customerId: number): Promise<Customer> {
  const { rows } = await db.query<{ export_json: string }>(
    'select export_json from customers where client_id = $1 and id = $2',
    [client.id, customerId],
  );
  if (!rows[0]) throw new NotFoundError(CUSTOMER_NOT_FOUND);
  return customerOf(rows[0]);
}

/** Case-insensitive (DESIGN.md decision 13); uses the unique index on lower(email). */
export async function findCustomerByEmail(db: Queryable, client: Client, email: string): Promise<Customer> {
  const { rows } = await db.query<{ export_json: string }>(
    'select export_json from customers where client_id = $1 and lower(email) = lower($2)',
    [client.id, email],
  );
  if (!rows[0]) throw new NotFoundError(CUSTOMER_NOT_FOUND);
  return customerOf(rows[0]);
}

/** Customers by id, for inlining into orders and waiting-list entries: one query for a whole page. */
export async function customersById(db: Queryable, client: Client, ids: number[]): Promise<Map<number, Customer>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  // By primary key alone, so the plan never depends on statistics; the client check happens on the rows.
  const { rows } = await db.query<{ id: number; client_id: number; export_json: string }>(
    'select id, client_id, export_json from customers where id = any($1::int[])',
    [unique],
  );
  return new Map(rows.filter((row) => row.client_id === client.id).map((row) => [row.id, customerOf(row)]));
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
    // Returning what the trigger made of the new row.
    const { rows } = await db.query<{ export_json: string }>(
      `insert into customers (${columns.join(', ')}) values (${params.map((_, i) => `$${i + 1}`).join(', ')})
       returning export_json`,
      params,
    );
    return customerOf(rows[0] as { export_json: string });
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
    const { rows } = await db.query<{ export_json: string }>(
      `update customers set ${['last_changed = $3', ...assignments].join(', ')}
        where client_id = $1 and id = $2 returning export_json`,
      [client.id, customerId, now, ...values.map((entry) => entry.value)],
    );
    if (!rows[0]) throw new NotFoundError(CUSTOMER_NOT_FOUND);
    return customerOf(rows[0]);
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
  return preparedListingPage(db, { key, changeKeys: [customersKey(client.id)], filter }, async (version) => {
    const page = await pageOfClientJson(
      db,
      { table: 'customers', changedColumn: 'last_changed', sortColumn: 'last_changed', changeKey: customersKey },
      client.id,
      filter,
      // Each customer's JSON, kept with its row by the trigger (see customerOf), joined unparsed: the same
      // customers the single reads show; only `customerPrefs` is printed as PostgreSQL prints jsonb (a space
      // after `:` and `,`), the same value.
      'export_json',
      version,
    );
    return { total: page.total, rowCount: page.rowCount, dataJson: `[${page.rowsJson}]` };
  });
}

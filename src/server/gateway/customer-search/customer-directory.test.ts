import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '@/contract/customer';
import { anonymisedEmail } from '@/contract/privacy-limits';
import { connectDatabase } from '../../db/connect';
import type { Database } from '../../db/database';
import { fillMirror, generateCustomers } from '../../testing/mirror-customers';
import { reachableStrings } from '../../testing/reachable-strings';
import { slowWriter } from '../../testing/slow-writer';
import { createTestService, describeEachDatabase, type TestService, testPostgresUrl } from '../../testing/test-service';
import { migrateGateway } from '../store/gateway-store';
import { CustomerDirectories, CustomerDirectory, SearchStarting } from './customer-directory';

const ORGANISATION = 1;
const OTHER = 2;

async function organisation(db: Database, id: number, name: string): Promise<void> {
  await db.query(
    `insert into gateway.organisations (id, client_name, api_key_sealed) values ($1, $2, '\\x00'::bytea)`,
    [id, name],
  );
}

const everything = { offset: 0, limit: 10_000 };

describeEachDatabase('the customer directory', (database) => {
  let service: TestService;
  let db: Database;
  let customers: Customer[];

  beforeAll(async () => {
    service = await createTestService({ database });
    db = service.db;
    await migrateGateway(db);
    await organisation(db, ORGANISATION, 'directory-test');
    await organisation(db, OTHER, 'directory-other');
    customers = generateCustomers(500, { firstId: 1000 });
    await fillMirror(db, ORGANISATION, customers);
    // Another organisation's customers, with the same names: never found here.
    await fillMirror(db, OTHER, generateCustomers(50, { firstId: 1000 }));
  });
  afterAll(async () => {
    await service?.close();
  });

  const directoryOf = async (organisationId = ORGANISATION) => {
    const directory = new CustomerDirectory(db, organisationId);
    await directory.sync();
    return directory;
  };

  it('reads the organisation’s customers from the mirror and searches them, best match first', async () => {
    const directory = await directoryOf();
    expect(directory.size).toBe(500);
    const target = customers.find(
      (customer) => customer.customerPhone.length >= 10 && customer.customerZip,
    ) as Customer;
    const byEmail = directory.query({ text: target.email, ...everything });
    expect(byEmail.customerIds[0]).toBe(target.customerId);
    const zip = `${target.customerZip.slice(0, 4)} ${target.customerZip.slice(4).toLowerCase()}`;
    expect(directory.query({ text: zip, ...everything }).customerIds).toContain(target.customerId);
    expect(directory.query({ text: String(target.customerId), ...everything }).customerIds[0]).toBe(target.customerId);
    // No text: everyone, by customer number.
    const all = directory.query({ text: '', offset: 0, limit: 3 });
    expect(all).toEqual({ total: 500, customerIds: [1000, 1001, 1002] });
    expect((await directoryOf(OTHER)).size).toBe(50);
  });

  it('filters by tag, opt-in and day of the last change, and pages', async () => {
    const directory = await directoryOf();
    const tagged = customers.filter((customer) => customer.customerTags?.split(',').includes('Vriend'));
    const byTag = directory.query({ text: '', tag: 'Vriend', ...everything });
    expect(byTag.customerIds.sort()).toEqual(tagged.map((customer) => customer.customerId).sort());

    const optedIn = (customer: Customer) =>
      customer.customerPrefs !== null &&
      ['1', 1, true].includes(customer.customerPrefs.user_prefs_optin as string | number | boolean);
    expect(directory.query({ text: '', optin: 'yes', ...everything }).total).toBe(customers.filter(optedIn).length);
    expect(directory.query({ text: '', optin: 'unknown', ...everything }).total).toBe(
      customers.filter((customer) => customer.customerPrefs === null).length,
    );
    const since = '2026-06-01';
    expect(directory.query({ text: '', since, ...everything }).total).toBe(
      customers.filter((customer) => customer.lastChanged.slice(0, 10) >= since).length,
    );
    const page2 = directory.query({ text: '', tag: 'Vriend', offset: 5, limit: 5 });
    expect(page2.customerIds).toEqual(byTag.customerIds.slice(5, 10));
    expect(page2.total).toBe(tagged.length);
  });

  it('sorts by a column, a search too, either way', async () => {
    const directory = await directoryOf();
    const credit = directory.query({ text: '', sort: { column: 'credit', descending: true }, ...everything });
    const byId = new Map(customers.map((customer) => [customer.customerId, customer]));
    const credits = credit.customerIds.map((id) => Number(byId.get(id)?.customerCredit));
    expect(credits).toEqual([...credits].sort((a, b) => b - a));
    const city = customers[0]?.customerCity as string;
    const inCity = directory.query({ text: city, sort: { column: 'email', descending: false }, ...everything });
    const emails = inCity.customerIds.map((id) => byId.get(id)?.email.toLowerCase() as string);
    expect(emails.length).toBeGreaterThan(1);
    expect(emails).toEqual([...emails].sort());
  });

  it('catches up with changes made after it loaded, by whoever wrote them, and counts tags again', async () => {
    const one = await directoryOf();
    const two = await directoryOf();
    const changed = { ...(customers[3] as Customer), customerCity: 'Verhuisdorp', customerTags: 'Pers' };
    const added = { ...(customers[4] as Customer), customerId: 99_999, email: 'nieuw@example.nl' };
    const pressBefore = one.tagCounts().find((count) => count.tag === 'Pers')?.customers ?? 0;
    const hadPress = customers[3]?.customerTags?.split(',').includes('Pers') ?? false;
    await fillMirror(db, ORGANISATION, [changed, added]);
    for (const directory of [one, two]) {
      await directory.sync();
      expect(directory.query({ text: 'verhuisdorp', ...everything }).customerIds).toEqual([changed.customerId]);
      expect(directory.query({ text: 'nieuw@example.nl', ...everything }).customerIds).toEqual([99_999]);
      expect(directory.size).toBe(501);
    }
    expect(one.tagCounts().find((count) => count.tag === 'Pers')?.customers).toBe(pressBefore + (hadPress ? 0 : 1));
    // The old city no longer finds it.
    const old = `${customers[3]?.customerCity} ${changed.customerZip}`;
    expect(one.query({ text: old, ...everything }).customerIds).not.toContain(changed.customerId);
  });

  it('answers "starting" while the first read of a large mirror goes on, and the directory once it is done', async () => {
    // Every read of the whole mirror takes a while here.
    let slow = true;
    const slowDb: Database = {
      ...db,
      query: async (sql, params) => {
        if (slow && sql.includes('order by customer_id limit'))
          await new Promise((resolve) => setTimeout(resolve, 300));
        return db.query(sql, params);
      },
    };
    const { rows } = await db.query<{ n: number }>(
      'select count(*)::int as n from gateway.mirror_customers where organisation_id = $1',
      [ORGANISATION],
    );
    const held = rows[0]?.n ?? 0;
    const directories = new CustomerDirectories(slowDb, 50);
    const error = await directories.current(ORGANISATION).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SearchStarting);
    expect(error).toMatchObject({ read: 0, total: held });
    slow = false;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await directories.current(ORGANISATION)).size).toBe(held);
  });

  it('takes in what a sync wrote without a search asking: the job catches every loaded directory up', async () => {
    const directories = new CustomerDirectories(db);
    await directories.warm([ORGANISATION]);
    // Held as a search left it; `query` answers from memory, without reading the mirror.
    const directory = await directories.current(ORGANISATION);
    const before = directory.size;
    const synced = generateCustomers(300, { firstId: 200_000 }).map((customer, n) => ({
      ...customer,
      email: `gesynct${n}@example.nl`,
    }));
    await fillMirror(db, ORGANISATION, synced);
    const last = synced.at(-1) as Customer;
    expect(directory.query({ text: last.email, ...everything }).customerIds).toEqual([]);
    // The job's run: no search made, the sync's customers are in.
    await directories.catchUpAll();
    expect(directory.size).toBe(before + 300);
    expect(directory.query({ text: last.email, ...everything }).customerIds).toEqual([last.customerId]);
  });

  it('reads nothing again when nothing changed, and waits for a read begun after it asked', async () => {
    const directory = await directoryOf();
    const size = directory.size;
    await Promise.all([directory.sync(), directory.sync(), directory.sync()]);
    const added = { ...(customers[5] as Customer), customerId: 99_998, email: 'later@example.nl' };
    const running = directory.sync();
    await fillMirror(db, ORGANISATION, [added]);
    // Asked after the write: must see it, even though a read was already running when it asked.
    await directory.sync();
    await running;
    expect(directory.query({ text: 'later@example.nl', ...everything }).customerIds).toEqual([99_998]);
    expect(directory.size).toBe(size + 1);
  });

  it('forgets what anonymised customers were: at once, then at most once per interval', async () => {
    const directory = new CustomerDirectory(db, ORGANISATION, 300);
    await directory.sync();
    const anonymise = async (customer: Customer) => {
      const later = new Date(Date.parse(customer.lastChanged) + 60_000).toISOString();
      const email = anonymisedEmail(customer.customerId);
      await fillMirror(db, ORGANISATION, [
        {
          ...customer,
          email,
          customerFirstName: 'Anonymised',
          customerLastName: 'Customer',
          customerPhone: '',
          lastChanged: later,
        },
      ]);
      await directory.sync();
    };
    const [first, second] = customers.slice(-2) as [Customer, Customer];
    const held = (customer: Customer) => reachableStrings(directory).has(customer.email.toLowerCase());
    expect(held(first) && held(second)).toBe(true);
    await anonymise(first);
    expect(held(first)).toBe(false);
    expect(directory.query({ text: first.email, ...everything }).customerIds).not.toContain(first.customerId);
    // A second erasure within the interval: not found at once, forgotten once the interval is over.
    await anonymise(second);
    expect(directory.query({ text: second.email, ...everything }).customerIds).not.toContain(second.customerId);
    await expect.poll(() => held(second), { timeout: 5_000 }).toBe(false);
  });
});

/**
 * Two writers on a PostgreSQL server: a transaction that began before a directory read and commits after it
 * is not lost (the watermark is the read's snapshot xmin, not a time or the greatest id seen).
 */
describe.runIf(Boolean(testPostgresUrl()))('the customer directory with a slow writer', () => {
  let service: TestService;
  let writer: Database;

  beforeAll(async () => {
    service = await createTestService({ database: 'postgres' });
    await migrateGateway(service.db);
    await organisation(service.db, ORGANISATION, 'slow-writer');
    writer = await connectDatabase({ databaseUrl: service.databaseUrl, poolSize: 2 });
  });
  afterAll(async () => {
    await writer?.close();
    await service?.close();
  });

  it('finds what a transaction wrote that was still open during an earlier read', async () => {
    const [early, late] = generateCustomers(2, { firstId: 5000 }) as [Customer, Customer];
    const directory = new CustomerDirectory(service.db, ORGANISATION);
    await directory.sync();
    // The slow transaction writes first (its xid is the older one) and commits last.
    const slow = await slowWriter(writer, (tx) => fillMirror(tx, ORGANISATION, [early]));
    await fillMirror(service.db, ORGANISATION, [late]);
    await directory.sync();
    expect(directory.query({ text: late.email, ...everything }).customerIds).toEqual([late.customerId]);
    expect(directory.query({ text: early.email, ...everything }).customerIds).toEqual([]);
    await slow.commit();
    await directory.sync();
    expect(directory.query({ text: early.email, ...everything }).customerIds).toEqual([early.customerId]);
  });
});

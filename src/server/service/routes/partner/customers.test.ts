import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@/contract/common';
import { type Customer, clientTypeListSchema, customerSchema } from '@/contract/customer';
import { type DemoFixtures, loadDemoFixtures } from '@/server/testing/demo-fixtures';
import {
  createTestService,
  DEMO,
  describeEachDatabase,
  HARBOUR,
  type TestService,
} from '@/server/testing/test-service';
import { PREFS_FORMS } from '../../db/seed/customers';

describeEachDatabase('partner customers', (database) => {
  let service: TestService;
  let fx: DemoFixtures;
  let serial = 0;

  beforeAll(async () => {
    service = await createTestService({ database });
    fx = await loadDemoFixtures(service.db);
  });
  afterAll(async () => {
    await service?.close();
  });

  const uniqueEmail = (label: string) => `${label}.${++serial}.${Date.now()}@example.org`;
  const call = (path: string, init: { method?: string; json?: unknown; key?: string } = {}) =>
    service.request(`/v1/demo/partner${path}`, { key: DEMO.apiKey, ...init });

  async function create(body: Record<string, unknown>): Promise<Customer> {
    const res = await call('/customer', { method: 'POST', json: body });
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
    return customerSchema.parse(await res.json());
  }

  async function expect422(res: Response): Promise<Record<string, string[]>> {
    expect(res.status).toBe(422);
    const body = errorBodySchema.parse(await res.json());
    expect(body.message).toBeTruthy();
    return body.errors ?? {};
  }

  const minimal = () => ({ email: uniqueEmail('min'), customerFirstName: 'Anna', customerLastName: 'Jansen' });

  describe('read', () => {
    it('returns every field of spec 2.7 in its type', async () => {
      const { customerId } = fx.customers.withTags;
      const res = await call(`/customer/${customerId}`);
      expect(res.status).toBe(200);
      const raw = (await res.json()) as Record<string, unknown>;
      const customer = customerSchema.strict().parse(raw);
      expect(customer.customerId).toBe(customerId);
      expect(customer.customerTags).toBe(fx.customers.withTags.tags.join(','));
      expect(customer.customerCredit).toMatch(/^-?\d+\.\d{2}$/);
      expect(customer.lastChanged).toMatch(/T\d{2}:\d{2}:\d{2}\+0[12]:00$/);
    });

    it('passes customerPrefs through exactly as stored, in every legacy form', async () => {
      for (const form of PREFS_FORMS) {
        const { rows } = await service.db.query<{ id: number }>(
          form.prefs === null
            ? 'select id from customers where client_id = $1 and prefs is null limit 1'
            : 'select id from customers where client_id = $1 and prefs = $2::jsonb limit 1',
          form.prefs === null ? [fx.demo.clientId] : [fx.demo.clientId, JSON.stringify(form.prefs)],
        );
        const id = rows[0]?.id;
        expect(id, form.name).toBeDefined();
        const customer = customerSchema.parse(await (await call(`/customer/${id}`)).json());
        expect(customer.customerPrefs, form.name).toEqual(form.prefs);
      }
      const legacy = customerSchema.parse(
        await (await call(`/customer/${fx.customers.legacyPrefs.customerId}`)).json(),
      );
      expect(legacy.customerPrefs).toEqual(fx.customers.legacyPrefs.prefs);
    });

    it('shows customerTags as null when the customer has none', async () => {
      const customer = await create(minimal());
      expect(customer.customerTags).toBeNull();
      expect(customer.customerPrefs).toBeNull();
    });

    it('is 404 for unknown, malformed and foreign ids', async () => {
      for (const id of ['999999999', 'abc', '0']) {
        const res = await call(`/customer/${id}`);
        expect(res.status, id).toBe(404);
        expect(errorBodySchema.parse(await res.json()).message).toBeTruthy();
      }
      const foreign = await call(`/customer/${fx.harbour.customerId}`);
      expect(foreign.status).toBe(404);
      expect(await foreign.json()).toEqual({ message: 'Customer not found' });
    });
  });

  describe('create', () => {
    it('creates with every field (201) and reads back the same', async () => {
      const body = {
        email: uniqueEmail('Full.Field'),
        customerExternalId: 'CRM-1',
        customerSalutation: 'V',
        customerFirstName: 'Fleur',
        customerLastName: 'Graaf',
        customerPreposition: 'de',
        customerAddress: 'Eikenlaan 147',
        customerHouseNr: '147',
        customerZip: '1120CJ',
        customerCity: 'Amstelveen',
        customerCountry: 'NL',
        customerPhone: '+31612345678',
        customerCredit: '12.5',
        customerCustom1: 'one',
        customerCustom2: 'two',
        customerCustom3: 'three',
        customerCustom4: 'four',
        customerCustom5: 'five',
        customerCustom6: 'six',
        customerCustom7: 'seven',
        someUnknownField: 'ignored',
      };
      const created = await create(body);
      const { someUnknownField: _, customerCredit: __, ...echoed } = body;
      expect(created).toMatchObject({ ...echoed, customerCredit: '12.50', customerPrefs: null, customerTags: null });
      expect(created).not.toHaveProperty('someUnknownField');
      const read = customerSchema.parse(await (await call(`/customer/${created.customerId}`)).json());
      expect(read).toEqual(created);
    });

    it('accepts credit as a JSON number or a string with up to two decimals', async () => {
      const cases: [unknown, string][] = [
        [12.5, '12.50'],
        ['0', '0.00'],
        ['7.05', '7.05'],
        [-3, '-3.00'],
        ['21474836.47', '21474836.47'],
      ];
      for (const [credit, shown] of cases) {
        const customer = await create({ ...minimal(), customerCredit: credit });
        expect(customer.customerCredit, String(credit)).toBe(shown);
      }
    });

    it('requires email, first and last name on create, naming all three at once', async () => {
      const errors = await expect422(await call('/customer', { method: 'POST', json: {} }));
      expect(Object.keys(errors).sort()).toEqual(['customerFirstName', 'customerLastName', 'email']);
      const blank = await expect422(
        await call('/customer', {
          method: 'POST',
          json: { email: '', customerFirstName: ' ', customerLastName: '' },
        }),
      );
      expect(Object.keys(blank).sort()).toEqual(['customerFirstName', 'customerLastName', 'email']);
    });

    it('accepts every length limit exactly and refuses one more, naming every failing field', async () => {
      const limits: Record<string, number> = {
        customerFirstName: 255,
        customerLastName: 255,
        customerSalutation: 1,
        customerPreposition: 255,
        customerAddress: 255,
        customerHouseNr: 20,
        customerZip: 10,
        customerCity: 255,
        customerCountry: 255,
        customerExternalId: 255,
        customerCustom1: 255,
        customerCustom2: 255,
        customerCustom3: 255,
        customerCustom4: 255,
        customerCustom5: 255,
        customerCustom6: 255,
        customerCustom7: 255,
      };
      const atLimit = Object.fromEntries(Object.entries(limits).map(([field, max]) => [field, 'x'.repeat(max)]));
      const localPart = `limit${++serial}.${Date.now()}`.padEnd(255 - '@example.org'.length, 'a');
      const email255 = `${localPart}@example.org`;
      expect(email255).toHaveLength(255);
      const created = await create({ ...atLimit, email: email255 });
      expect(created.customerZip).toHaveLength(10);
      expect(created.email).toBe(email255);

      const overLimit = Object.fromEntries(Object.entries(limits).map(([field, max]) => [field, 'x'.repeat(max + 1)]));
      const errors = await expect422(
        await call('/customer', { method: 'POST', json: { ...overLimit, email: `b${email255}` } }),
      );
      expect(Object.keys(errors).sort()).toEqual([...Object.keys(limits), 'email'].sort());
      expect(errors.customerZip).toEqual(['Zip code may be at most 10 characters.']);
      expect(errors.customerSalutation).toEqual(['Salutation must be a single character.']);
    });

    it('checks email format, phone digits and credit decimals', async () => {
      const good = ['', '0612345678', '+31612345678'];
      for (const phone of good) {
        expect((await create({ ...minimal(), customerPhone: phone })).customerPhone).toBe(phone);
      }
      for (const phone of ['06-1234', '+', '12+3', '06 1234 5678', 612345678]) {
        const errors = await expect422(
          await call('/customer', { method: 'POST', json: { ...minimal(), customerPhone: phone } }),
        );
        expect(Object.keys(errors), String(phone)).toEqual(['customerPhone']);
      }
      for (const credit of ['12.505', 'abc', 12.345, true, '1,5x', '21474836.48', -21474836.48, '']) {
        const errors = await expect422(
          await call('/customer', { method: 'POST', json: { ...minimal(), customerCredit: credit } }),
        );
        expect(Object.keys(errors), String(credit)).toEqual(['customerCredit']);
      }
      for (const email of ['not-an-email', 'a@b', 'two@@example.org', 42]) {
        const errors = await expect422(await call('/customer', { method: 'POST', json: { ...minimal(), email } }));
        expect(errors.email, String(email)).toEqual(['Email must be a valid email address.']);
      }
    });

    it('refuses a duplicate email, also in another case, together with the other failing fields', async () => {
      const first = await create(minimal());
      const errors = await expect422(
        await call('/customer', {
          method: 'POST',
          json: { ...minimal(), email: first.email.toUpperCase() },
        }),
      );
      expect(errors).toEqual({ email: ['This email address is already used by another customer.'] });
      const both = await expect422(
        await call('/customer', {
          method: 'POST',
          json: { email: first.email, customerFirstName: 'A', customerZip: '12345678901' },
        }),
      );
      expect(Object.keys(both).sort()).toEqual(['customerLastName', 'customerZip', 'email']);
      expect(both.email).toEqual(['This email address is already used by another customer.']);
    });

    it('lets the unique index decide when creates race', async () => {
      const email = uniqueEmail('race');
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          call('/customer', {
            method: 'POST',
            json: { email: i % 2 ? email.toUpperCase() : email, customerFirstName: 'R', customerLastName: String(i) },
          }),
        ),
      );
      const statuses = results.map((res) => res.status).sort();
      expect(statuses).toEqual([201, 422, 422, 422, 422, 422]);
      for (const res of results.filter((r) => r.status === 422)) {
        expect((await expect422(res)).email).toEqual(['This email address is already used by another customer.']);
      }
    });

    it('refuses customerPrefs (read-only) and stores none', async () => {
      for (const prefs of [{ user_prefs_optin: '1' }, null, {}, 'x']) {
        const email = uniqueEmail('prefs');
        const errors = await expect422(
          await call('/customer', {
            method: 'POST',
            json: { email, customerFirstName: 'P', customerLastName: 'Q', customerPrefs: prefs },
          }),
        );
        expect(errors).toEqual({ customerPrefs: ['customerPrefs is read-only.'] });
        const { rows } = await service.db.query('select 1 from customers where lower(email) = lower($1)', [email]);
        expect(rows).toHaveLength(0);
      }
    });

    it('answers 400 for unparsable JSON', async () => {
      const res = await service.request('/v1/demo/partner/customer', {
        key: DEMO.apiKey,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"email":',
      });
      expect(res.status).toBe(400);
      expect(errorBodySchema.parse(await res.json()).message).toBeTruthy();
    });
  });

  describe('update', () => {
    it('changes only the sent fields and bumps lastChanged', async () => {
      const before = await create({ ...minimal(), customerCity: 'Delft', customerCustom3: 'keep', customerCredit: 5 });
      await service.db.query(`update customers set last_changed = now() - interval '2 days' where id = $1`, [
        before.customerId,
      ]);
      const old = customerSchema.parse(await (await call(`/customer/${before.customerId}`)).json());
      const res = await call(`/customer/${before.customerId}`, {
        method: 'PUT',
        json: { customerCity: 'Leiden', customerCustom3: null, customerCredit: '0.1', unknown: 1 },
      });
      expect(res.status).toBe(200);
      const after = customerSchema.parse(await res.json());
      expect(after).toEqual({
        ...old,
        customerCity: 'Leiden',
        customerCustom3: null,
        customerCredit: '0.10',
        lastChanged: after.lastChanged,
      });
      expect(Date.parse(after.lastChanged)).toBeGreaterThan(Date.parse(old.lastChanged));
    });

    it('changes nothing, not even lastChanged, for a body without known fields', async () => {
      const customer = await create(minimal());
      await service.db.query(`update customers set last_changed = now() - interval '3 days' where id = $1`, [
        customer.customerId,
      ]);
      const before = customerSchema.parse(await (await call(`/customer/${customer.customerId}`)).json());
      const res = await call(`/customer/${customer.customerId}`, { method: 'PUT', json: { nothingKnown: true } });
      expect(res.status).toBe(200);
      expect(customerSchema.parse(await res.json())).toEqual(before);
    });

    it('lets the unique index decide when two customers take the same email at once', async () => {
      const a = await create(minimal());
      const b = await create(minimal());
      const email = uniqueEmail('update.race');
      const results = await Promise.all([
        call(`/customer/${a.customerId}`, { method: 'PUT', json: { email } }),
        call(`/customer/${b.customerId}`, { method: 'PUT', json: { email: email.toUpperCase() } }),
      ]);
      expect(results.map((res) => res.status).sort()).toEqual([200, 422]);
      const { rows } = await service.db.query('select id from customers where lower(email) = lower($1)', [email]);
      expect(rows).toHaveLength(1);
    });

    it('validates sent fields with the create rules, naming each failing field', async () => {
      const customer = await create(minimal());
      const errors = await expect422(
        await call(`/customer/${customer.customerId}`, {
          method: 'PUT',
          json: {
            customerFirstName: '',
            customerHouseNr: 'x'.repeat(21),
            customerPhone: 'abc',
            customerCredit: '1.234',
            email: 'nope',
            customerPrefs: { user_prefs_optin: 1 },
          },
        }),
      );
      expect(Object.keys(errors).sort()).toEqual([
        'customerCredit',
        'customerFirstName',
        'customerHouseNr',
        'customerPhone',
        'customerPrefs',
        'email',
      ]);
      const unchanged = customerSchema.parse(await (await call(`/customer/${customer.customerId}`)).json());
      expect(unchanged).toEqual(customer);
    });

    it('refuses another customer’s email in any case; its own email in another case is fine', async () => {
      const a = await create(minimal());
      const b = await create(minimal());
      const errors = await expect422(
        await call(`/customer/${b.customerId}`, { method: 'PUT', json: { email: a.email.toUpperCase() } }),
      );
      expect(errors).toEqual({ email: ['This email address is already used by another customer.'] });
      const own = await call(`/customer/${b.customerId}`, { method: 'PUT', json: { email: b.email.toUpperCase() } });
      expect(own.status).toBe(200);
      expect(customerSchema.parse(await own.json()).email).toBe(b.email.toUpperCase());
    });

    it('is 404 for an unknown or foreign customer', async () => {
      expect((await call('/customer/999999999', { method: 'PUT', json: { customerCity: 'X' } })).status).toBe(404);
      const foreign = await call(`/customer/${fx.harbour.customerId}`, { method: 'PUT', json: { customerCity: 'X' } });
      expect(foreign.status).toBe(404);
      const { rows } = await service.db.query<{ city: string }>('select city from customers where id = $1', [
        fx.harbour.customerId,
      ]);
      expect(rows[0]?.city).not.toBe('X');
    });
  });

  describe('findByEmail', () => {
    it('finds case-insensitively', async () => {
      const customer = await create({ ...minimal(), email: uniqueEmail('Mixed.Case') });
      for (const email of [customer.email, customer.email.toUpperCase(), customer.email.toLowerCase()]) {
        const res = await call('/customer/findByEmail', { method: 'POST', json: { email } });
        expect(res.status).toBe(200);
        expect(customerSchema.parse(await res.json())).toEqual(customer);
      }
    });

    it('is 404 when nobody has that email, also another client’s customer', async () => {
      const res = await call('/customer/findByEmail', { method: 'POST', json: { email: 'nobody@example.org' } });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Customer not found' });
      const { rows } = await service.db.query<{ email: string }>('select email from customers where id = $1', [
        fx.harbour.customerId,
      ]);
      const harbourEmail = rows[0]?.email ?? '';
      const demoHasIt = await service.db.query(
        'select 1 from customers where client_id = $1 and lower(email) = lower($2)',
        [fx.demo.clientId, harbourEmail],
      );
      if (demoHasIt.rows.length === 0) {
        const foreign = await call('/customer/findByEmail', { method: 'POST', json: { email: harbourEmail } });
        expect(foreign.status).toBe(404);
      }
    });

    it('is 422 for a missing or invalid email', async () => {
      for (const json of [{}, { email: '' }, { email: 'nope' }, { email: 3 }]) {
        const errors = await expect422(await call('/customer/findByEmail', { method: 'POST', json }));
        expect(Object.keys(errors), JSON.stringify(json)).toEqual(['email']);
      }
    });
  });

  describe('clienttypes', () => {
    const tagsOf = async (customerId: number) =>
      clientTypeListSchema.parse(await (await call(`/customer/${customerId}/clienttypes`)).json());
    const setTags = (customerId: number, clienttypes: unknown) =>
      call(`/customer/${customerId}/clienttypes`, { method: 'POST', json: { clienttypes } });

    it('reads the seeded tags', async () => {
      expect(await tagsOf(fx.customers.withTags.customerId)).toEqual(fx.customers.withTags.tags);
    });

    it('sets (deduplicated), replaces and empties; the customer shows them and lastChanged moves', async () => {
      const customer = await create(minimal());
      await service.db.query(`update customers set last_changed = now() - interval '1 day' where id = $1`, [
        customer.customerId,
      ]);
      const valid = clientTypeListSchema.parse(await (await call('/export/clienttypes')).json());
      const [a, b, c] = valid as [string, string, string];

      const set = await setTags(customer.customerId, [a, b, a]);
      expect(set.status).toBe(200);
      expect(clientTypeListSchema.parse(await set.json())).toEqual([a, b]);
      const shown = customerSchema.parse(await (await call(`/customer/${customer.customerId}`)).json());
      expect(shown.customerTags).toBe(`${a},${b}`);
      expect(Date.parse(shown.lastChanged)).toBeGreaterThan(Date.now() - 60_000);

      expect(await (await setTags(customer.customerId, [c])).json()).toEqual([c]);
      expect(await tagsOf(customer.customerId)).toEqual([c]);

      expect(await (await setTags(customer.customerId, [])).json()).toEqual([]);
      expect(await tagsOf(customer.customerId)).toEqual([]);
      const cleared = customerSchema.parse(await (await call(`/customer/${customer.customerId}`)).json());
      expect(cleared.customerTags).toBeNull();
    });

    it('refuses a value outside the client’s tag list (also another client’s tag) and keeps the old tags', async () => {
      const customer = await create(minimal());
      const demoTags = clientTypeListSchema.parse(await (await call('/export/clienttypes')).json());
      await setTags(customer.customerId, [demoTags[0]]);
      const harbourTags = clientTypeListSchema.parse(
        await (
          await service.request(`/v1/${HARBOUR.client}/partner/export/clienttypes`, { key: HARBOUR.apiKey })
        ).json(),
      );
      const foreignOnly = harbourTags.find((tag) => !demoTags.includes(tag));
      expect(foreignOnly).toBeDefined();
      for (const clienttypes of [['Nope'], [demoTags[1], foreignOnly], [demoTags[0]?.toUpperCase()]]) {
        const errors = await expect422(await setTags(customer.customerId, clienttypes));
        expect(Object.keys(errors), JSON.stringify(clienttypes)).toEqual(['clienttypes']);
      }
      expect(await tagsOf(customer.customerId)).toEqual([demoTags[0]]);
      for (const json of [{}, { clienttypes: 'Vriend' }, { clienttypes: [1] }]) {
        const errors = await expect422(
          await call(`/customer/${customer.customerId}/clienttypes`, { method: 'POST', json }),
        );
        expect(Object.keys(errors)[0], JSON.stringify(json)).toMatch(/^clienttypes/);
      }
    });

    it('is 404 for an unknown or foreign customer', async () => {
      expect((await call('/customer/999999999/clienttypes')).status).toBe(404);
      expect((await call(`/customer/${fx.harbour.customerId}/clienttypes`)).status).toBe(404);
      expect((await setTags(fx.harbour.customerId, [])).status).toBe(404);
    });
  });
});

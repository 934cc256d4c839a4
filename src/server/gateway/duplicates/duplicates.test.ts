import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Customer } from '@/contract/customer';
import type { DuplicateCompare, DuplicateMergeResult, DuplicateQueue } from '@/contract/duplicates';
import type { LikelyDuplicates } from '@/contract/likely-duplicates';
import { organisationIdOf } from '../../testing/mirror';
import {
  createTestGateway,
  DEMO_PEOPLE,
  demoPerson,
  signedInBrowser,
  type TestBrowser,
  type TestGateway,
} from '../../testing/test-gateway';
import { createTestService, DEMO, describeEachDatabase, type TestService } from '../../testing/test-service';
import { notesOfCustomer } from '../customer-notes';
import { upsertCustomers } from '../mirror';
import { ROLE_PRESETS } from '../permissions';
import { embeddedService } from '../service-connection';
import { claimScan, finishScan } from './duplicates-store';

/** Planted customers live in the mirror only, far above the seed's ids. */
const PLANTED = 9_100_000;

function customer(id: number, fields: Partial<Customer>): Customer {
  return {
    customerId: id,
    customerExternalId: null,
    email: `planted${id}@example.org`,
    customerSalutation: '',
    customerFirstName: 'Planted',
    customerLastName: `Person${id}`,
    customerPreposition: '',
    customerAddress: '',
    customerHouseNr: '',
    customerZip: '',
    customerCity: '',
    customerCountry: 'NL',
    customerPhone: '',
    customerCredit: '0.00',
    customerCustom1: null,
    customerCustom2: null,
    customerCustom3: null,
    customerCustom4: null,
    customerCustom5: null,
    customerCustom6: null,
    customerCustom7: null,
    customerPrefs: null,
    lastChanged: '2026-11-20T10:00:00+01:00',
    customerTags: null,
    ...fields,
  };
}

/** One pair of each kind, and neighbours that must not pair (a household at one address). */
const SEED: Customer[] = [
  // email: case, Gmail dots and a +suffix
  customer(PLANTED + 1, { customerFirstName: 'Jan', customerLastName: 'Jansen', email: 'jan.jansen@gmail.com' }),
  customer(PLANTED + 2, { customerFirstName: 'Jan', customerLastName: 'Jansen', email: 'JanJansen+theater@GMail.com' }),
  // phone: national and international form
  customer(PLANTED + 3, { customerFirstName: 'Piet', customerLastName: 'Bakker', customerPhone: '0612345678' }),
  customer(PLANTED + 4, { customerFirstName: 'Pieter', customerLastName: 'Bakker', customerPhone: '+31612345678' }),
  // name and zip: the zip typed two ways, another house number
  customer(PLANTED + 5, {
    customerFirstName: 'Anna',
    customerPreposition: 'de',
    customerLastName: 'Vries',
    customerZip: '1234 AB',
    customerHouseNr: '3',
  }),
  customer(PLANTED + 6, {
    customerFirstName: 'anna',
    customerPreposition: 'de',
    customerLastName: 'Vries',
    customerZip: '1234ab',
    customerHouseNr: '5',
  }),
  // a close name at one address (the house number only in the street line of one)
  customer(PLANTED + 7, {
    customerFirstName: 'Sophie',
    customerLastName: 'Jansen',
    customerZip: '3511AA',
    customerHouseNr: '12',
  }),
  customer(PLANTED + 8, {
    customerFirstName: 'Sofie',
    customerLastName: 'Jansen',
    customerZip: '3511 AA',
    customerAddress: 'Oudegracht 12',
  }),
  // a household: one address, other people
  customer(PLANTED + 9, {
    customerFirstName: 'Karel',
    customerLastName: 'Smit',
    customerZip: '9711AB',
    customerHouseNr: '7',
  }),
  customer(PLANTED + 10, {
    customerFirstName: 'Marieke',
    customerLastName: 'Smit',
    customerZip: '9711AB',
    customerHouseNr: '7',
  }),
  // dots elsewhere than Gmail are another address
  customer(PLANTED + 11, { customerFirstName: 'Kees', customerLastName: 'Mol', email: 'k.mol@ziggo.nl' }),
  customer(PLANTED + 12, { customerFirstName: 'Klaas', customerLastName: 'Mol', email: 'kmol@ziggo.nl' }),
];

const MARKETING = demoPerson('marketing');

describeEachDatabase('duplicate customers', (database) => {
  let service: TestService;
  let gateway: TestGateway;
  let organisationId: number;
  let marketing: TestBrowser;

  const scanner = () => gateway.deps.duplicateScanner;
  const queue = async (query = '') => {
    const response = await marketing.request(`/api/duplicates${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as DuplicateQueue;
  };
  const stored = async (a: number, b: number) =>
    (
      await gateway.db.query<{ state: string; reasons: string[]; scanned_at: Date }>(
        `select state, reasons, scanned_at from gateway.duplicate_pairs
          where organisation_id = $1 and customer_a = $2 and customer_b = $3`,
        [organisationId, a, b],
      )
    ).rows[0];

  beforeAll(async () => {
    service = await createTestService({ database });
    gateway = await createTestGateway({ runtime: service, service: embeddedService(service.app) });
    organisationId = await organisationIdOf(gateway.db, DEMO.client);
    await gateway.deps.mirror.syncNow(organisationId);
    await upsertCustomers(gateway.db, organisationId, SEED);
    marketing = await signedInBrowser(gateway, MARKETING.email);
  });
  afterAll(async () => {
    await gateway?.deps.duplicateScanner.stop();
    await gateway?.deps.mirror.stop();
    await gateway?.close();
    await service?.close();
  });

  it('finds a pair of each kind, with its reasons, and leaves a household and dotted non-Gmail addresses alone', async () => {
    const outcome = await scanner().scanIfDue(organisationId);
    expect(outcome?.kind).toBe('full');
    expect((await stored(PLANTED + 1, PLANTED + 2))?.reasons).toEqual(['email']);
    expect((await stored(PLANTED + 3, PLANTED + 4))?.reasons).toEqual(['phone']);
    expect((await stored(PLANTED + 5, PLANTED + 6))?.reasons).toEqual(['name_zip']);
    expect((await stored(PLANTED + 7, PLANTED + 8))?.reasons).toEqual(['name_address']);
    expect(await stored(PLANTED + 9, PLANTED + 10)).toBeUndefined();
    expect(await stored(PLANTED + 11, PLANTED + 12)).toBeUndefined();
    // Nothing due until the mirror completes another sync.
    expect(await scanner().scanIfDue(organisationId)).toBeNull();

    const page = await queue('?reason=phone');
    const planted = page.data.find((pair) => pair.a.customerId === PLANTED + 3);
    expect(planted).toMatchObject({ b: { customerId: PLANTED + 4, name: 'Pieter Bakker' }, reasons: ['phone'] });
    expect(page.data.every((pair) => pair.reasons.includes('phone'))).toBe(true);
    expect(page.scan).toMatchObject({ running: false, kind: 'full', lastError: null });
  });

  it('tells the one creating a customer who they may already be, as a scan would pair them once created', async () => {
    const boxOffice = await signedInBrowser(gateway, demoPerson('box-office').email);
    const likely = async (person: TestBrowser, draft: Record<string, string>) => {
      const response = await person.request('/api/customers/likely-duplicates', { method: 'POST', json: draft });
      expect(response.status).toBe(200);
      return ((await response.json()) as LikelyDuplicates).data.map(({ customerId, score, reasons, customerCity }) => ({
        customerId,
        score,
        reasons,
        customerCity,
      }));
    };
    // Gmail ignores dots and a +suffix: both Jan Jansens, whatever the name typed so far.
    expect(await likely(marketing, { email: 'Jan.Jansen+kassa@gmail.com' })).toEqual([
      { customerId: PLANTED + 1, score: 45, reasons: ['email'], customerCity: '' },
      { customerId: PLANTED + 2, score: 45, reasons: ['email'], customerCity: '' },
    ]);
    // A phone typed another way, under the same name (a seller at the desk may ask too).
    const bakker = await likely(boxOffice, {
      customerFirstName: 'Pieter',
      customerLastName: 'Bakker',
      customerPhone: '06 1234 5678',
    });
    expect(bakker[0]).toMatchObject({ customerId: PLANTED + 4, score: 60, reasons: ['phone'] });
    expect(bakker.map((match) => match.customerId)).toEqual([PLANTED + 4, PLANTED + 3]);
    // Name and zip, the zip typed without its space.
    expect(
      (
        await likely(marketing, {
          customerFirstName: 'Anna',
          customerPreposition: 'de',
          customerLastName: 'Vries',
          customerZip: '1234ab',
        })
      ).map((m) => m.reasons),
    ).toEqual([['name_zip'], ['name_zip']]);
    // Someone else of a household's address is nobody's duplicate; neither is a name alone.
    expect(
      await likely(marketing, {
        customerFirstName: 'Tom',
        customerLastName: 'Smit',
        customerZip: '9711 AB',
        customerHouseNr: '7',
      }),
    ).toEqual([]);
    expect(await likely(marketing, { customerFirstName: 'Jan', customerLastName: 'Jansen' })).toEqual([]);
    expect(await likely(marketing, {})).toEqual([]);
    // Too long for the field is the form's error, not a match.
    const tooLong = await marketing.request('/api/customers/likely-duplicates', {
      method: 'POST',
      json: { customerZip: '12345678901' },
    });
    expect(tooLong.status).toBe(422);
    expect(((await tooLong.json()) as { errors: Record<string, string[]> }).errors).toHaveProperty('customerZip');
  });

  it('keys a full name as concat_ws did: parts trimmed and lower-cased, empty or missing ones left out', async () => {
    const names = [
      { customerFirstName: 'Anna', customerPreposition: 'de', customerLastName: 'Vries' },
      { customerFirstName: ' Anna ', customerPreposition: '', customerLastName: 'VRIES ' },
      { customerFirstName: 'Anna', customerPreposition: '   ', customerLastName: null },
      { customerFirstName: null, customerPreposition: 'van', customerLastName: 'Dijk' },
      { customerFirstName: 'Kees\t', customerLastName: '' },
      { customerLastName: 'Mol' },
      { customerFirstName: '', customerPreposition: '', customerLastName: '' },
      {},
      { customerFirstName: 7, customerLastName: 'Zeven' },
    ];
    const { rows } = await gateway.db.query<{ name: string; was: string }>(
      `select gateway.duplicate_full_name(b) as name,
              lower(concat_ws(' ', nullif(btrim(b ->> 'customerFirstName'), ''),
                                   nullif(btrim(b ->> 'customerPreposition'), ''),
                                   nullif(btrim(b ->> 'customerLastName'), ''))) as was
         from jsonb_array_elements($1::jsonb) b`,
      [JSON.stringify(names)],
    );
    expect(rows.map((row) => row.name)).toEqual(rows.map((row) => row.was));
    expect(rows.map((row) => row.name)).toEqual([
      'anna de vries',
      'anna vries',
      'anna',
      'van dijk',
      'kees\t',
      'mol',
      '',
      '',
      '7 zeven',
    ]);
    // Inlined into the statement that reads it (migration 044), not run as a statement of its own per customer.
    const plan = await gateway.db.query<{ 'QUERY PLAN': string }>(
      'explain (verbose, costs off) select gateway.duplicate_full_name(body) from gateway.mirror_customers',
    );
    const planText = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(planText).toContain('rtrim');
    expect(planText).not.toContain('duplicate_full_name');
  });

  it('remembers "not the same" for good: a full scan does not propose the pair again', async () => {
    const response = await marketing.request(`/api/duplicates/${PLANTED + 2}/${PLANTED + 1}/not-same`, {
      method: 'POST',
    });
    expect(response.status).toBe(204);
    expect(
      (await marketing.request(`/api/duplicates/${PLANTED + 1}/${PLANTED + 2}/not-same`, { method: 'POST' })).status,
    ).toBe(409);
    const before = (await queue()).scan;
    expect((await marketing.request('/api/duplicates/scans', { method: 'POST' })).status).toBe(202);
    // "Scan again" pokes the gateway's own scanner, which scans in the background: calling it here as well
    // would race that scan for the lease. Its full scan is the one asked for.
    await scanner().idle();
    const all = await queue('?reason=email');
    expect(all.scan).toMatchObject({ running: false, kind: 'full', fullRequested: false, lastError: null });
    expect(Date.parse(all.scan.finishedAt ?? '')).toBeGreaterThan(Date.parse(before.finishedAt ?? ''));
    expect(await scanner().scanIfDue(organisationId)).toBeNull();
    expect((await stored(PLANTED + 1, PLANTED + 2))?.state).toBe('not_same');
    expect(all.data.some((pair) => pair.a.customerId === PLANTED + 1)).toBe(false);
    const { rows } = await gateway.db.query<{ customer_id: string }>(
      `select customer_id from gateway.audit_entries where organisation_id = $1 and action = 'duplicate-not-same'`,
      [organisationId],
    );
    expect(rows.map((row) => Number(row.customer_id)).sort()).toEqual([PLANTED + 1, PLANTED + 2]);
  });

  it('after a sync, compares only the changed customers with all others', async () => {
    const before = await stored(PLANTED + 5, PLANTED + 6);
    // The household's second member gets Karel's phone and name in the mirror, as a sync would bring it.
    await upsertCustomers(gateway.db, organisationId, [
      customer(PLANTED + 10, {
        customerFirstName: 'Karel',
        customerLastName: 'Smit',
        customerZip: '9711AB',
        customerHouseNr: '7',
        lastChanged: '2026-11-27T10:00:00+01:00',
      }),
    ]);
    await gateway.deps.mirror.syncNow(organisationId);
    const outcome = await scanner().scanIfDue(organisationId);
    expect(outcome).toMatchObject({ kind: 'incremental', compared: 1 });
    expect((await stored(PLANTED + 9, PLANTED + 10))?.reasons).toEqual(['name_address', 'name_zip']);
    // Pairs of unchanged customers were not looked at again.
    expect((await stored(PLANTED + 5, PLANTED + 6))?.scanned_at).toEqual(before?.scanned_at);
  });

  it('keeps two scans of one organisation apart (the lease)', async () => {
    expect(await claimScan(gateway.db, organisationId, 'another-instance', 'full', 60)).not.toBeNull();
    expect(await scanner().fullScan(organisationId)).toBeNull();
    await gateway.db.query(
      'update gateway.duplicate_scans set holder = null, lease_expires_at = null where organisation_id = $1',
      [organisationId],
    );
  });

  it('scans in full after a full scan that was under way when one was asked for', async () => {
    expect(await claimScan(gateway.db, organisationId, 'another-instance', 'full', 60)).not.toBeNull();
    expect((await marketing.request('/api/duplicates/scans', { method: 'POST' })).status).toBe(202);
    // The poked scanner finds the organisation held by the other instance.
    await scanner().idle();
    const finished = await finishScan(gateway.db, organisationId, 'another-instance', {
      watermark: null,
      syncedAt: null,
      compared: 0,
      pairsFound: 0,
    });
    expect(finished).toBe(true);
    expect((await queue()).scan).toMatchObject({ running: false, fullRequested: true });
    expect((await scanner().scanIfDue(organisationId))?.kind).toBe('full');
  });

  it('merges through the service: copies the missing fields onto the kept record, tags the other, audits both', async () => {
    await service.db.query(
      `insert into client_tags (client_id, name) select id, 'Dubbel' from clients where name = $1 on conflict do nothing`,
      [DEMO.client],
    );
    const create = async (body: Record<string, unknown>) => {
      const response = await service.request('/v1/demo/partner/customer', {
        method: 'POST',
        key: DEMO.apiKey,
        json: body,
      });
      expect(response.status).toBe(201);
      return (await response.json()) as Customer;
    };
    const kept = await create({
      email: 'merel.visser@example.nl',
      customerFirstName: 'Merel',
      customerLastName: 'Visser',
      customerPhone: '0687654321',
      customerCity: 'Utrecht',
    });
    const other = await create({
      email: 'merel.visser@gmail.com',
      customerFirstName: 'Merel',
      customerLastName: 'Visser',
      customerPhone: '+31687654321',
      customerCity: 'Amersfoort',
      customerZip: '3811AB',
      customerAddress: 'Langestraat 4',
      customerCustom3: 'Jazz',
    });
    await service.request(`/v1/demo/partner/customer/${other.customerId}/clienttypes`, {
      method: 'POST',
      key: DEMO.apiKey,
      json: { clienttypes: ['Vriend'] },
    });
    await gateway.deps.mirror.syncNow(organisationId);
    await scanner().scanIfDue(organisationId);
    const [a, b] = [kept.customerId, other.customerId];
    expect((await stored(a, b))?.reasons).toEqual(['phone']);

    const compare = (await (await marketing.request(`/api/duplicates/${a}/${b}`)).json()) as DuplicateCompare;
    expect(compare.duplicateTag).toBe('Dubbel');
    expect(compare.a.customerCity).toBe('Utrecht');

    const merged = await marketing.request(`/api/duplicates/${a}/${b}/merge`, { method: 'POST', json: { keep: a } });
    expect(merged.status).toBe(200);
    const result = (await merged.json()) as DuplicateMergeResult;
    expect(result).toMatchObject({ keptCustomerId: a, otherCustomerId: b, addedTags: ['Vriend'], taggedAs: 'Dubbel' });
    expect(result.copiedFields.sort()).toEqual(['customerAddress', 'customerCustom3', 'customerZip']);

    const read = async (id: number) =>
      (await (await service.request(`/v1/demo/partner/customer/${id}`, { key: DEMO.apiKey })).json()) as Customer;
    const keptNow = await read(a);
    expect(keptNow).toMatchObject({
      email: 'merel.visser@example.nl',
      customerCity: 'Utrecht',
      customerZip: '3811AB',
      customerAddress: 'Langestraat 4',
      customerCustom3: 'Jazz',
      customerTags: 'Vriend',
    });
    expect((await read(b)).customerTags).toBe('Vriend,Dubbel');
    expect((await stored(a, b))?.state).toBe('merged');
    // The note on the record merged away is in the app's language of the person merging (Dutch, the default:
    // it was English whatever the app's language was).
    const notes = await notesOfCustomer(gateway.db, organisationId, b);
    expect(notes.map((note) => note.text)).toEqual([
      `Dubbel van klant ${a}; daarin samengevoegd door ${MARKETING.name}. De bestellingen blijven op deze klant.`,
    ]);
    const { rows } = await gateway.db.query<{ customer_id: string; details: { role: string } }>(
      `select customer_id, details from gateway.audit_entries where organisation_id = $1 and action = 'duplicate-merge'
        order by id`,
      [organisationId],
    );
    expect(rows.map((row) => [Number(row.customer_id), row.details.role])).toEqual([
      [a, 'kept'],
      [b, 'duplicate'],
    ]);
    // The mirror has both records as the service has them now.
    const mirrored = await gateway.db.query<{ body: Customer }>(
      'select body from gateway.mirror_customers where organisation_id = $1 and customer_id = $2',
      [organisationId, a],
    );
    expect(mirrored.rows[0]?.body.customerZip).toBe('3811AB');
    expect(
      (await marketing.request(`/api/duplicates/${a}/${b}/merge`, { method: 'POST', json: { keep: a } })).status,
    ).toBe(409);
    // At the desk the buyer lookup names the record merged away, after the one kept (a walkthrough's merged-away
    // record stayed an ordinary match, first as often as not).
    const boxOffice = await signedInBrowser(gateway, demoPerson('box-office').email);
    for (const keptFirst of [false, true]) {
      // Either record found first by the index: the answer's order is the same.
      const q = keptFirst ? 'Merel Visser Utrecht' : 'Merel Visser';
      const lookup = (await (await boxOffice.request(`/api/customers/lookup?q=${encodeURIComponent(q)}`)).json()) as {
        data: { customerId: number; mergedInto?: number }[];
      };
      const ids = lookup.data.map((match) => match.customerId);
      expect(ids.indexOf(a), q).toBeGreaterThanOrEqual(0);
      if (ids.includes(b)) expect(ids.indexOf(b), q).toBeGreaterThan(ids.indexOf(a));
      expect(lookup.data.find((match) => match.customerId === a)?.mergedInto, q).toBeUndefined();
      if (!keptFirst) expect(lookup.data.find((match) => match.customerId === b)?.mergedInto).toBe(a);
    }
    // The customer list says it too, of the record merged away only.
    const list = (await (await marketing.request('/api/customers?q=Merel%20Visser')).json()) as {
      data: { customerId: number }[];
      mergedInto?: Record<string, number>;
    };
    expect(list.data.map((row) => row.customerId).sort()).toEqual([a, b].sort());
    expect(list.mergedInto).toEqual({ [b]: a });
  });

  if (database === 'pglite') {
    // The matrix: every route × every preset role (PGlite only: access does not depend on the engine).
    const routes = [
      { method: 'GET', path: '/api/duplicates' },
      { method: 'POST', path: '/api/duplicates/scans' },
      { method: 'GET', path: `/api/duplicates/${PLANTED + 3}/${PLANTED + 4}` },
      { method: 'POST', path: `/api/duplicates/${PLANTED + 998}/${PLANTED + 999}/not-same` },
      {
        method: 'POST',
        path: `/api/duplicates/${PLANTED + 998}/${PLANTED + 999}/merge`,
        json: { keep: PLANTED + 998 },
      },
    ] as const;
    const cases = routes.flatMap((route) =>
      ROLE_PRESETS.map((preset) => ({
        route,
        role: preset.key,
        allowed: (preset.permissions as readonly string[]).includes('duplicates:review'),
      })),
    );
    it.each(
      cases.map((c) => [`${c.route.method} ${c.route.path}`, c.role, c.allowed ? 'allowed' : 'refused', c] as const),
    )('%s as %s: %s', async (_name, _role, _verdict, { route, role, allowed }) => {
      const person = DEMO_PEOPLE.find((candidate) => candidate.role === role);
      if (!person) throw new Error(`no demo person for ${role}`);
      const browser = await signedInBrowser(gateway, person.email);
      const response = await browser.request(route.path, {
        method: route.method,
        ...('json' in route ? { json: route.json } : {}),
      });
      if (allowed) expect(response.status, await response.text()).not.toBe(403);
      else expect(response.status).toBe(403);
    });
  }
});

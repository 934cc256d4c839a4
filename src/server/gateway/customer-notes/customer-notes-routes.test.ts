import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Customer } from '@/contract/customer';
import type { CustomerDeskNotes, CustomerNote, FlagList } from '@/contract/customer-notes';
import type { Permission } from '@/contract/staff';
import { organisationIdOf } from '../../testing/mirror';
import {
  createTestGateway,
  demoPerson,
  signedInBrowser,
  type TestBrowser,
  type TestGateway,
} from '../../testing/test-gateway';
import { createTestService, DEMO, describeEachDatabase, type TestService } from '../../testing/test-service';
import { permissionsOf } from '../access';
import { createGatewayApp } from '../gateway';
import { ROLE_PRESETS } from '../permissions';
import { embeddedService } from '../service-connection';
import { addCustomerNote, deleteNotesOfCustomer, flagMarksOfCustomer, notesOfCustomer } from '.';

const READERS: Permission[] = ['customers:read', 'customers:lookup', 'sales:sell'];
/** Who may call each route of desk notes and flags, as the rules say (customer-notes-service.ts). */
const EXPECTED_ACCESS: Record<string, readonly Permission[]> = {
  'GET /customers/:customerId/notes': READERS,
  'POST /customers/:customerId/notes': ['notes:write'],
  'PATCH /customers/:customerId/notes/:noteId': ['notes:write'],
  'DELETE /customers/:customerId/notes/:noteId': ['notes:write'],
  'PUT /customers/:customerId/flags': ['notes:write'],
  'GET /customer-flags': [...READERS, 'notes:write'],
  'POST /customer-flags': ['notes:write'],
  'PATCH /customer-flags/:flagId': ['notes:write'],
  'GET /customers/:customerId/story': ['customers:read'],
};

describeEachDatabase('desk notes and flags', (database) => {
  let service: TestService;
  let gateway: TestGateway;
  let organisationId: number;
  let customer: Customer;
  const browsers = new Map<string, TestBrowser>();
  const as = (role: string) => browsers.get(role) as TestBrowser;

  beforeAll(async () => {
    service = await createTestService({ database });
    gateway = await createTestGateway({ runtime: service, service: embeddedService(service.app) });
    organisationId = await organisationIdOf(gateway.db, DEMO.client);
    for (const preset of ROLE_PRESETS)
      browsers.set(preset.key, await signedInBrowser(gateway, demoPerson(preset.key).email));
    // One customer of the service, in the mirror by the write-through of an edit (as after any sync).
    const exported = await service.request(`/v1/${DEMO.client}/partner/export/customers`, {
      method: 'POST',
      key: DEMO.apiKey,
    });
    customer = ((await exported.json()) as { data: Customer[] }).data[0] as Customer;
    const edited = await as('marketing').request(`/api/v1/demo/partner/customer/${customer.customerId}`, {
      method: 'PUT',
      json: { customerCity: 'Utrecht' },
    });
    expect(edited.status).toBe(200);
  });
  afterAll(async () => {
    await gateway?.close();
    await service?.close();
  });

  const deskNotes = async (role: string, customerId = customer.customerId) => {
    const response = await as(role).request(`/api/customers/${customerId}/notes`);
    expect(response.status).toBe(200);
    return (await response.json()) as CustomerDeskNotes;
  };
  const flagList = async () => ((await (await as('marketing').request('/api/customer-flags')).json()) as FlagList).data;

  it('declares each route for exactly the permissions its rules name, and each preset role gets in or is refused', async () => {
    const declared = createGatewayApp(gateway.deps).routes.declared.filter((route) =>
      /^\/customers?(-flags|\/:customerId\/(notes|flags|story))/.test(route.path),
    );
    expect(
      Object.fromEntries(declared.map((route) => [`${route.method} ${route.path}`, [...permissionsOf(route.access)]])),
    ).toEqual(Object.fromEntries(Object.entries(EXPECTED_ACCESS).map(([route, allowed]) => [route, [...allowed]])));
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const [route, allowed] of Object.entries(EXPECTED_ACCESS)) {
      const [method, pattern] = route.split(' ') as [string, string];
      // Ids that exist for nobody: a person let in gets 404 or 422, never 401 or 403.
      const path = `/api${pattern.replace(':customerId', '999999999').replace(/:[a-zA-Z]+/g, '999999999')}`;
      for (const preset of ROLE_PRESETS) {
        const response = await as(preset.key).request(path, {
          method,
          ...(method === 'GET' || method === 'DELETE' ? {} : { json: {} }),
        });
        const mayCall = allowed.some((permission) => preset.permissions.includes(permission));
        outcomes.push(`${route} as ${preset.key}: ${response.status === 403 ? 'refused' : 'let in'}`);
        expected.push(`${route} as ${preset.key}: ${mayCall ? 'let in' : 'refused'}`);
        expect(response.status).not.toBe(401);
      }
    }
    expect(outcomes).toEqual(expected);
  });

  it('seeds the four default flags for every organisation, the box office reading them too', async () => {
    const flags = await flagList();
    expect(flags.map((flag) => [flag.preset, flag.label, flag.severity, flag.retired])).toEqual([
      ['wheelchair', null, 'info', false],
      ['vip', null, 'info', false],
      ['check-id', null, 'caution', false],
      ['do-not-sell', null, 'stop', false],
    ]);
    expect((await as('box-office').request('/api/customer-flags')).status).toBe(200);
  });

  it('lets marketing flag and note a customer; the box office and managers read both but write neither', async () => {
    const wheelchair = (await flagList()).find((flag) => flag.preset === 'wheelchair');
    const flagged = await as('marketing').request(`/api/customers/${customer.customerId}/flags`, {
      method: 'PUT',
      json: { flagIds: [wheelchair?.id] },
    });
    expect(flagged.status).toBe(200);
    const added = await as('marketing').request(`/api/customers/${customer.customerId}/notes`, {
      method: 'POST',
      json: { text: '  Needs a wheelchair place near the aisle.  ' },
    });
    expect(added.status).toBe(201);
    const note = (await added.json()) as CustomerNote;
    expect(note).toMatchObject({
      text: 'Needs a wheelchair place near the aisle.',
      author: { name: demoPerson('marketing').name },
      editedAt: null,
    });

    const seen = await deskNotes('box-office');
    expect(seen.flags.map((flag) => flag.preset)).toEqual(['wheelchair']);
    expect(seen.notes.map((each) => each.text)).toEqual(['Needs a wheelchair place near the aisle.']);
    expect(seen.editableNoteIds).toEqual([]);
    expect((await deskNotes('marketing')).editableNoteIds).toEqual([note.id]);
    for (const role of ['box-office', 'manager']) {
      const refused = await as(role).request(`/api/customers/${customer.customerId}/notes`, {
        method: 'POST',
        json: { text: 'no' },
      });
      expect(refused.status).toBe(403);
    }
    // Another organisation's people see nothing of it under the same customer id.
    const harbour = await signedInBrowser(gateway, 'admin@harbour.test');
    const theirs = (await (await harbour.request(`/api/customers/${customer.customerId}/notes`)).json()) as {
      flags: unknown[];
      notes: unknown[];
    };
    expect(theirs).toMatchObject({ flags: [], notes: [] });
  });

  it('lets an author edit their own note only, any writer delete one, and keeps no note text in the audit', async () => {
    const secret = 'Prefers to be called Bob, not Robert.';
    const note = (await (
      await as('marketing').request(`/api/customers/${customer.customerId}/notes`, {
        method: 'POST',
        json: { text: secret },
      })
    ).json()) as CustomerNote;
    const path = `/api/customers/${customer.customerId}/notes/${note.id}`;
    const byOther = await as('administrator').request(path, { method: 'PATCH', json: { text: 'changed' } });
    expect(byOther.status).toBe(403);
    const own = await as('marketing').request(path, { method: 'PATCH', json: { text: `${secret} Really.` } });
    expect(own.status).toBe(200);
    expect(((await own.json()) as CustomerNote).editedAt).not.toBeNull();
    expect((await as('administrator').request(path, { method: 'DELETE' })).status).toBe(204);
    expect((await as('administrator').request(path, { method: 'DELETE' })).status).toBe(404);
    expect((await deskNotes('marketing')).notes.map((each) => each.id)).not.toContain(note.id);

    const { rows } = await gateway.db.query<{ action: string; details: { op: string; noteId: number } }>(
      `select action, details from gateway.audit_entries where organisation_id = $1 and action = 'customer-note'
        and (details->>'noteId')::bigint = $2 order by id`,
      [organisationId, note.id],
    );
    expect(rows.map((row) => row.details.op)).toEqual(['add', 'edit', 'delete']);
    expect(JSON.stringify(rows)).not.toContain('Bob');
  });

  it('refuses notes that are empty, too long, for an unknown customer, or of unknown fields', async () => {
    const post = (json: unknown, customerId = customer.customerId) =>
      as('marketing').request(`/api/customers/${customerId}/notes`, { method: 'POST', json });
    expect((await post({ text: '   ' })).status).toBe(422);
    expect((await post({ text: 'x'.repeat(2001) })).status).toBe(422);
    expect((await post({ text: 'ok', pinned: true })).status).toBe(422);
    expect((await post({ text: 'ok' }, 999_999_999)).status).toBe(404);
    expect((await post({ text: 'x'.repeat(2000) })).status).toBe(201);
  });

  it('keeps the flag list: add, rename, no two in use alike, retire (hidden on customers) and restore', async () => {
    const marketing = as('marketing');
    const added = await marketing.request('/api/customer-flags', {
      method: 'POST',
      json: { label: 'Hard of hearing', severity: 'caution' },
    });
    expect(added.status).toBe(201);
    const flag = (await added.json()) as { id: number };
    const twice = await marketing.request('/api/customer-flags', {
      method: 'POST',
      json: { label: 'hard of HEARING', severity: 'info' },
    });
    expect(twice.status).toBe(422);
    const vip = (await flagList()).find((each) => each.preset === 'vip');
    const renamed = await marketing.request(`/api/customer-flags/${vip?.id}`, {
      method: 'PATCH',
      json: { label: 'Patron', severity: 'caution' },
    });
    expect(await renamed.json()).toMatchObject({ preset: 'vip', label: 'Patron', severity: 'caution' });
    expect(
      (await marketing.request(`/api/customer-flags/${flag.id}`, { method: 'PATCH', json: { label: null } })).status,
    ).toBe(422);

    await marketing.request(`/api/customers/${customer.customerId}/flags`, {
      method: 'PUT',
      json: { flagIds: [(await flagList()).find((each) => each.preset === 'wheelchair')?.id, flag.id] },
    });
    expect((await deskNotes('box-office')).flags.map((each) => each.id)).toContain(flag.id);
    await marketing.request(`/api/customer-flags/${flag.id}`, { method: 'PATCH', json: { retired: true } });
    expect((await deskNotes('box-office')).flags.map((each) => each.id)).not.toContain(flag.id);
    const onRetired = await marketing.request(`/api/customers/${customer.customerId}/flags`, {
      method: 'PUT',
      json: { flagIds: [flag.id] },
    });
    expect(onRetired.status).toBe(422);
    await marketing.request(`/api/customer-flags/${flag.id}`, { method: 'PATCH', json: { retired: false } });
    expect((await deskNotes('box-office')).flags.map((each) => each.id)).toContain(flag.id);
    expect((await flagList()).at(-1)).toMatchObject({ id: flag.id, retired: false });
  });

  it("gives the other concerns a customer's notes and flags, a note of their own, and removes them all", async () => {
    const customerId = customer.customerId;
    await gateway.db.transaction((tx) =>
      addCustomerNote(tx, {
        organisationId,
        customerId,
        text: 'Merged from #12',
        author: { accountId: null, name: 'Foyer' },
      }),
    );
    const notes = await notesOfCustomer(gateway.db, organisationId, customerId);
    expect(notes[0]).toMatchObject({ text: 'Merged from #12', author: { accountId: null, name: 'Foyer' } });
    expect((await flagMarksOfCustomer(gateway.db, organisationId, customerId)).length).toBeGreaterThan(0);
    const removed = await gateway.db.transaction((tx) => deleteNotesOfCustomer(tx, organisationId, customerId));
    expect(removed.notes).toBe(notes.length);
    expect(removed.flags).toBeGreaterThan(0);
    expect(await deskNotes('marketing')).toMatchObject({ flags: [], notes: [] });
  });
});

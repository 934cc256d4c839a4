import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestGateway,
  DEMO_PEOPLE,
  demoPerson,
  signedInBrowser,
  type TestBrowser,
  type TestGateway,
} from '../../testing/test-gateway';
import { PERMISSIONS } from '../permissions';
import { embeddedService } from '../service-connection';

const KEY = 'stub-key-for-staff';
const NEW_KEY = 'stub-key-for-staff-rotated';

interface Role {
  id: number;
  key: string;
  name: string;
  preset: boolean;
  permissions: string[];
  members: number;
}

describe('staff, roles and the connection', () => {
  let gateway: TestGateway;
  let admin: TestBrowser;
  const accepted = new Set([KEY, NEW_KEY]);

  const roles = async () => ((await (await admin.request('/api/roles')).json()) as { roles: Role[] }).roles;
  const role = async (key: string) => (await roles()).find((candidate) => candidate.key === key) as Role;
  const staffId = async (email: string) => {
    const list = (await (await admin.request('/api/staff')).json()) as { id: number; email: string }[];
    return list.find((person) => person.email === email)?.id ?? 0;
  };

  beforeAll(async () => {
    const stub = new Hono();
    stub.get('/v1/:client/partner/hall', (c) =>
      accepted.has(c.req.header('authorization') ?? '') ? c.json([]) : c.json({ message: 'Unknown API key' }, 401),
    );
    gateway = await createTestGateway({
      service: embeddedService(stub),
      organisations: [
        {
          clientName: 'demo',
          apiKey: KEY,
          people: [...DEMO_PEOPLE, { email: 'custom@demo.test', name: 'Cas Custom', role: 'box-office' }],
        },
      ],
    });
    admin = await signedInBrowser(gateway, demoPerson('administrator').email);
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it('lists staff without secrets', async () => {
    const response = await admin.request('/api/staff');
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toMatch(/argon2|password_hash|totp_secret/);
    const list = JSON.parse(text) as { email: string; role: { name: string }; passwordSet: boolean }[];
    expect(list.map((person) => person.email)).toEqual(expect.arrayContaining(DEMO_PEOPLE.map((p) => p.email)));
    expect(list.every((person) => person.passwordSet)).toBe(true);
  });

  it('creates, updates and deletes a custom role; presets keep their permissions and cannot be deleted', async () => {
    const created = await admin.request('/api/roles', {
      method: 'POST',
      json: { name: 'Front of house', permissions: ['events:read', 'orders:read'] },
    });
    expect(created.status).toBe(201);
    const custom = (await created.json()) as Role;
    expect(custom).toMatchObject({
      key: 'custom-front-of-house',
      preset: false,
      permissions: ['events:read', 'orders:read'],
    });
    const clash = await admin.request('/api/roles', {
      method: 'POST',
      json: { name: 'front of HOUSE', permissions: [] },
    });
    expect(clash.status).toBe(422);
    const unknown = await admin.request('/api/roles', { method: 'POST', json: { name: 'X', permissions: ['root'] } });
    expect(unknown.status).toBe(422);

    // A member of the custom role gets exactly its permissions, on the next request.
    const member = await staffId('custom@demo.test');
    expect((await admin.request(`/api/staff/${member}`, { method: 'PATCH', json: { roleId: custom.id } })).status).toBe(
      204,
    );
    const person = await signedInBrowser(gateway, 'custom@demo.test');
    expect(await (await person.request('/api/session')).json()).toMatchObject({
      role: { key: 'custom-front-of-house', name: 'Front of house' },
      permissions: ['events:read', 'orders:read'],
    });
    const updated = await admin.request(`/api/roles/${custom.id}`, {
      method: 'PUT',
      json: { name: 'Front of house', permissions: ['events:read'] },
    });
    expect(updated.status).toBe(200);
    expect(await (await person.request('/api/session')).json()).toMatchObject({ permissions: ['events:read'] });
    const busy = await admin.request(`/api/roles/${custom.id}`, { method: 'DELETE' });
    expect(busy.status).toBe(409);
    const boxOffice = await role('box-office');
    await admin.request(`/api/staff/${member}`, { method: 'PATCH', json: { roleId: boxOffice.id } });
    expect((await admin.request(`/api/roles/${custom.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await roles()).some((candidate) => candidate.id === custom.id)).toBe(false);

    const preset = await admin.request(`/api/roles/${boxOffice.id}`, {
      method: 'PUT',
      json: { name: 'Kassa', permissions: ['staff:manage'], idleMinutes: 30 },
    });
    expect(preset.status).toBe(200);
    expect(await preset.json()).toMatchObject({
      name: 'Box office',
      permissions: ['events:read', 'sales:sell', 'sales:no-sale', 'customers:lookup'],
      idleMinutes: 30,
    });
    await admin.request(`/api/roles/${boxOffice.id}`, { method: 'PUT', json: { name: 'Box office', permissions: [] } });
    expect((await admin.request(`/api/roles/${boxOffice.id}`, { method: 'DELETE' })).status).toBe(409);
  });

  it('keeps at least one person who can manage staff; nobody changes their own role or disables themselves', async () => {
    const self = await staffId(demoPerson('administrator').email);
    const manager = await role('manager');
    const administrator = await role('administrator');
    const boxOffice = await role('box-office');
    const demote = await admin.request(`/api/staff/${self}`, { method: 'PATCH', json: { roleId: manager.id } });
    expect(demote.status).toBe(403);
    expect(await demote.json()).toEqual({ message: expect.stringContaining('your own role') });
    const disableSelf = await admin.request(`/api/staff/${self}`, { method: 'PATCH', json: { disabled: true } });
    expect(disableSelf.status).toBe(422);
    expect(await disableSelf.json()).toMatchObject({ errors: { disabled: ['You cannot disable your own account'] } });
    // A custom role with every permission: taking staff:manage from it is refused while only its member has it.
    const holder = await admin.request('/api/roles', {
      method: 'POST',
      json: { name: 'Staff lead', permissions: PERMISSIONS },
    });
    const lead = (await holder.json()) as Role;
    const other = await staffId('custom@demo.test');
    await admin.request(`/api/staff/${other}`, { method: 'PATCH', json: { roleId: lead.id } });
    const leadBrowser = await signedInBrowser(gateway, 'custom@demo.test');
    // Now two can manage staff: the administrator may be given another role (by the lead, who holds all of theirs).
    expect(
      (await leadBrowser.request(`/api/staff/${self}`, { method: 'PATCH', json: { roleId: manager.id } })).status,
    ).toBe(204);
    const strip = await leadBrowser.request(`/api/roles/${lead.id}`, {
      method: 'PUT',
      json: { name: 'Staff lead', permissions: ['events:read'] },
    });
    expect(strip.status).toBe(422);
    const moveSelf = await leadBrowser.request(`/api/staff/${other}`, {
      method: 'PATCH',
      json: { roleId: boxOffice.id },
    });
    expect(moveSelf.status).toBe(403);
    // Back as it was.
    expect(
      (await leadBrowser.request(`/api/staff/${self}`, { method: 'PATCH', json: { roleId: administrator.id } })).status,
    ).toBe(204);
    expect(
      (await admin.request(`/api/staff/${other}`, { method: 'PATCH', json: { roleId: boxOffice.id } })).status,
    ).toBe(204);
    expect((await admin.request(`/api/roles/${lead.id}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('counts only people who can sign in as keepers of staff:manage: an invitation never accepted is none', async () => {
    const self = await staffId(demoPerson('administrator').email);
    const administrator = await role('administrator');
    const manager = await role('manager');
    // The case: the only other holder of staff:manage is an invitation nobody accepted.
    const invited = await admin.request('/api/staff/invitations', {
      method: 'POST',
      json: { email: 'never.accepted@demo.test', name: 'Nora Nooit', roleId: administrator.id },
    });
    expect(invited.status).toBe(201);
    const invitee = ((await invited.json()) as { id: number }).id;
    const demote = await admin.request(`/api/staff/${self}`, { method: 'PATCH', json: { roleId: manager.id } });
    expect(demote.status).not.toBe(204);
    expect((await role('administrator')).members).toBeGreaterThan(0);

    // The same through the role: the lead (every permission) is the last one who can sign in with staff:manage
    // once the administrator is disabled; taking it from the lead's role must be refused, invitation or not.
    const lead = (await (
      await admin.request('/api/roles', { method: 'POST', json: { name: 'Last lead', permissions: PERMISSIONS } })
    ).json()) as Role;
    const other = await staffId('custom@demo.test');
    await admin.request(`/api/staff/${other}`, { method: 'PATCH', json: { roleId: lead.id } });
    const leadBrowser = await signedInBrowser(gateway, 'custom@demo.test');
    expect(
      (await leadBrowser.request(`/api/staff/${self}`, { method: 'PATCH', json: { disabled: true } })).status,
    ).toBe(204);
    const strip = await leadBrowser.request(`/api/roles/${lead.id}`, {
      method: 'PUT',
      json: { name: 'Last lead', permissions: ['events:read'] },
    });
    expect(strip.status).toBe(422);
    expect(await strip.json()).toMatchObject({ errors: { permissions: [expect.stringContaining('manage staff')] } });

    // Back as it was (disabling ended the administrator's sessions).
    for (const [id, change] of [
      [self, { disabled: false }],
      [invitee, { disabled: true }],
    ] as const) {
      expect((await leadBrowser.request(`/api/staff/${id}`, { method: 'PATCH', json: change })).status).toBe(204);
    }
    admin = await signedInBrowser(gateway, demoPerson('administrator').email);
    const boxOffice = await role('box-office');
    expect(
      (await admin.request(`/api/staff/${other}`, { method: 'PATCH', json: { roleId: boxOffice.id } })).status,
    ).toBe(204);
    expect((await admin.request(`/api/roles/${lead.id}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('refuses a NUL character in a role name or a person name on its field (422), not with a 500', async () => {
    const created = await admin.request('/api/roles', {
      method: 'POST',
      json: { name: 'Nul\u0000Role', permissions: [] },
    });
    expect(created.status).toBe(422);
    expect(await created.json()).toMatchObject({ errors: { name: [expect.any(String)] } });
    const boxOffice = await role('box-office');
    const edited = await admin.request(`/api/roles/${boxOffice.id}`, {
      method: 'PUT',
      json: { name: 'Box\u0000office', permissions: [] },
    });
    expect(edited.status).toBe(422);
    const renamed = await admin.request(`/api/staff/${await staffId('custom@demo.test')}`, {
      method: 'PATCH',
      json: { name: 'Cas\u0000' },
    });
    expect(renamed.status).toBe(422);
    expect(await renamed.json()).toMatchObject({ errors: { name: [expect.any(String)] } });
  });

  it('renames a person: the new name in the list and the session, the change in the audit trail (old → new)', async () => {
    const id = await staffId('custom@demo.test');
    const blank = await admin.request(`/api/staff/${id}`, { method: 'PATCH', json: { name: '   ' } });
    expect(blank.status).toBe(422);
    expect(Object.keys(((await blank.json()) as { errors: object }).errors)).toEqual(['name']);
    expect(
      (await admin.request(`/api/staff/${id}`, { method: 'PATCH', json: { name: ' Cas de Vries ' } })).status,
    ).toBe(204);
    const list = (await (await admin.request('/api/staff')).json()) as { id: number; name: string }[];
    expect(list.find((person) => person.id === id)?.name).toBe('Cas de Vries');
    const renamed = await signedInBrowser(gateway, 'custom@demo.test');
    const session = (await (await renamed.request('/api/session')).json()) as { person: { name: string } };
    expect(session.person.name).toBe('Cas de Vries');
    const trail = (await (await admin.request('/api/audit?action=staff')).json()) as {
      data: { person: string; path: string; details: unknown }[];
    };
    expect(trail.data[0]).toMatchObject({
      person: demoPerson('administrator').email,
      path: `/api/staff/${id}`,
      details: {
        change: 'changed',
        accountId: id,
        email: 'custom@demo.test',
        changes: { name: { old: 'Cas Custom', new: 'Cas de Vries' } },
      },
    });
    // Back as it was, for the other tests.
    await admin.request(`/api/staff/${id}`, { method: 'PATCH', json: { name: 'Cas Custom' } });
  });

  it('answers 404 for accounts and roles of no one, or of another organisation', async () => {
    for (const path of ['/api/staff/999999', '/api/staff/abc']) {
      expect((await admin.request(path, { method: 'PATCH', json: {} })).status).toBe(404);
    }
    expect((await admin.request('/api/roles/999999', { method: 'DELETE' })).status).toBe(404);
  });

  it('shows the connection without its key, and replaces the key after checking it with the service', async () => {
    const shown = await admin.request('/api/connection');
    expect(shown.status).toBe(200);
    const summary = (await shown.json()) as Record<string, unknown>;
    expect(Object.keys(summary).sort()).toEqual(['clientName', 'id', 'keyChangedAt', 'keyChangedBy']);
    const refused = await admin.request('/api/connection', { method: 'PUT', json: { apiKey: 'not-accepted' } });
    expect(refused.status).toBe(422);
    expect(Object.keys(((await refused.json()) as { errors: object }).errors)).toEqual(['apiKey']);
    const replaced = await admin.request('/api/connection', { method: 'PUT', json: { apiKey: NEW_KEY } });
    expect(replaced.status).toBe(200);
    expect(await replaced.json()).toMatchObject({ clientName: 'demo', keyChangedBy: 'Ada Admin' });
    const { rows } = await gateway.db.query<{ sealed: Uint8Array }>(
      `select api_key_sealed as sealed from gateway.organisations where client_name = 'demo'`,
    );
    expect(gateway.deps.organisations.openKey(rows[0]?.sealed as Uint8Array, 'demo')).toBe(NEW_KEY);
    const manager = await signedInBrowser(gateway, demoPerson('manager').email);
    expect((await manager.request('/api/connection', { method: 'PUT', json: { apiKey: KEY } })).status).toBe(403);
  });
});

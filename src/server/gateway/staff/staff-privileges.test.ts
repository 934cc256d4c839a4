import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestGateway,
  DEMO_PEOPLE,
  demoPerson,
  signedInBrowser,
  TestBrowser,
  type TestGateway,
} from '../../testing/test-gateway';
import { createAccount } from '../auth';
import { PERMISSIONS, type Permission } from '../permissions';
import { embeddedService } from '../service-connection';

/*
 * staff:manage administers people and roles, but never beyond the actor's own permissions (issue 29, item 1).
 * The matrix is generated: every actor's permission set × every target's permission set × every staff and role
 * action, each case run over HTTP against the gateway, its expected answer computed from the rule as the README
 * states it — not from the gateway's own module.
 */

interface Role {
  id: number;
  key: string;
  permissions: string[];
}

const ADMIN = demoPerson('administrator').email;

const ACTORS: Record<string, readonly Permission[]> = {
  'staff:manage only': ['staff:manage'],
  'staff:manage + audit:read': ['staff:manage', 'audit:read'],
  'staff:manage + connection:manage + customers:read': ['staff:manage', 'connection:manage', 'customers:read'],
  'every permission': PERMISSIONS,
  'audit:read only (no staff:manage)': ['audit:read'],
};

const TARGETS: Record<string, readonly Permission[]> = {
  'no permission': [],
  'staff:manage': ['staff:manage'],
  'audit:read': ['audit:read'],
  'staff:manage + audit:read': ['staff:manage', 'audit:read'],
  'box office': ['events:read', 'sales:sell', 'customers:lookup'],
  'staff:manage + connection:manage': ['staff:manage', 'connection:manage'],
  'every permission': PERMISSIONS,
};

/** What one case needs: the actor, and a role and an account made fresh for it (so no case sees another's). */
interface Case {
  actor: TestBrowser;
  actorId: number;
  target: readonly Permission[];
  /** A fresh custom role with the target's permissions, no members. */
  targetRole: () => Promise<Role>;
  /** A fresh account in a fresh role with the target's permissions. */
  targetAccount: (options?: { disabled?: boolean }) => Promise<number>;
  /** A fresh account whose role has no permission. */
  plainAccount: () => Promise<number>;
  /** A fresh custom role with no permission. */
  emptyRole: () => Promise<Role>;
  /** A fresh custom role with the target's permissions, limited to a production where it may be. */
  scopedTargetRole: () => Promise<Role>;
  unique: () => string;
}

interface Action {
  name: string;
  /** The status of a granted request. */
  granted: number;
  /** Whether the action is on the actor's own account (always refused: nobody changes their own role). */
  onSelf?: boolean;
  /** The rule when it is not the target's permissions all being the actor's own. */
  allowed?(actor: readonly Permission[], target: readonly Permission[]): boolean;
  /** The answer when the rule grants the action but the request is refused for what it asks (422). */
  grantedStatus?(target: readonly Permission[]): number;
  run(c: Case): Promise<Response>;
}

/** Roles that manage staff or the connection see every event: a scope for them is refused on its field. */
const unscopable = (target: readonly Permission[]) =>
  target.includes('staff:manage') || target.includes('connection:manage');

const ACTIONS: readonly Action[] = [
  {
    name: "invite with the target's role",
    granted: 201,
    async run(c) {
      const role = await c.targetRole();
      const email = `${c.unique()}@invited.test`;
      return c.actor.request('/api/staff/invitations', {
        method: 'POST',
        json: { email, name: 'New', roleId: role.id },
      });
    },
  },
  {
    name: "give someone the target's role",
    granted: 204,
    async run(c) {
      const [role, person] = [await c.targetRole(), await c.plainAccount()];
      return c.actor.request(`/api/staff/${person}`, { method: 'PATCH', json: { roleId: role.id } });
    },
  },
  {
    name: "create a role with the target's permissions",
    granted: 201,
    run: (c) => c.actor.request('/api/roles', { method: 'POST', json: { name: c.unique(), permissions: c.target } }),
  },
  {
    name: "rename a role with the target's permissions",
    granted: 200,
    async run(c) {
      const role = await c.targetRole();
      return c.actor.request(`/api/roles/${role.id}`, {
        method: 'PUT',
        json: { name: c.unique(), permissions: role.permissions },
      });
    },
  },
  {
    name: "grant the target's permissions to an empty role",
    granted: 200,
    async run(c) {
      const role = await c.emptyRole();
      return c.actor.request(`/api/roles/${role.id}`, {
        method: 'PUT',
        json: { name: c.unique(), permissions: c.target },
      });
    },
  },
  {
    name: "take every permission from a role with the target's",
    granted: 200,
    async run(c) {
      const role = await c.targetRole();
      return c.actor.request(`/api/roles/${role.id}`, { method: 'PUT', json: { name: c.unique(), permissions: [] } });
    },
  },
  {
    name: "delete a role with the target's permissions",
    granted: 204,
    async run(c) {
      const role = await c.targetRole();
      return c.actor.request(`/api/roles/${role.id}`, { method: 'DELETE' });
    },
  },
  {
    name: 'issue a reset link to the target',
    granted: 201,
    async run(c) {
      return c.actor.request(`/api/staff/${await c.targetAccount()}/reset-link`, { method: 'POST' });
    },
  },
  {
    name: 'disable the target',
    granted: 204,
    async run(c) {
      return c.actor.request(`/api/staff/${await c.targetAccount()}`, { method: 'PATCH', json: { disabled: true } });
    },
  },
  {
    name: 'enable the target',
    granted: 204,
    async run(c) {
      const person = await c.targetAccount({ disabled: true });
      return c.actor.request(`/api/staff/${person}`, { method: 'PATCH', json: { disabled: false } });
    },
  },
  {
    name: 'rename the target',
    granted: 204,
    async run(c) {
      return c.actor.request(`/api/staff/${await c.targetAccount()}`, { method: 'PATCH', json: { name: c.unique() } });
    },
  },
  {
    name: 'move the target to a role with no permission',
    granted: 204,
    async run(c) {
      const [person, role] = [await c.targetAccount(), await c.emptyRole()];
      return c.actor.request(`/api/staff/${person}`, { method: 'PATCH', json: { roleId: role.id } });
    },
  },
  {
    // Lifting a promoter's scope hands out every event; scoping the Manager role takes them away: either is a
    // change of the role (a staff-only manager lifted a promoter's scope).
    name: "limit a role with the target's permissions to a production",
    granted: 200,
    grantedStatus: (target) => (unscopable(target) ? 422 : 200),
    async run(c) {
      const role = await c.targetRole();
      return c.actor.request(`/api/roles/${role.id}/scope`, {
        method: 'PUT',
        json: { productionIds: [7], eventIds: [] },
      });
    },
  },
  {
    name: "lift the scope of a role with the target's permissions",
    granted: 204,
    async run(c) {
      const role = await c.scopedTargetRole();
      return c.actor.request(`/api/roles/${role.id}/scope`, { method: 'DELETE' });
    },
  },
  {
    // Its provider vouches for any email of the organisation: who chooses it can sign in as anyone (a staff-only
    // manager pointed it at their own provider and signed in as the administrator).
    name: "set up single sign-on, a group mapped to the target's role",
    granted: 200,
    allowed: (actor) => PERMISSIONS.every((permission) => actor.includes(permission)),
    async run(c) {
      const role = await c.targetRole();
      return c.actor.request('/api/sso', {
        method: 'PUT',
        json: {
          displayName: 'Their Login',
          issuer: 'https://login.invalid',
          clientId: 'foyer',
          clientSecret: 'their-secret',
          emailClaim: 'email',
          groupClaim: 'groups',
          groupRoles: [{ group: 'everyone', roleId: role.id }],
          enabled: false,
          required: false,
        },
      });
    },
  },
  {
    name: "take the target's role oneself",
    granted: 204,
    onSelf: true,
    async run(c) {
      const role = await c.targetRole();
      return c.actor.request(`/api/staff/${c.actorId}`, { method: 'PATCH', json: { roleId: role.id } });
    },
  },
];

/** The rule, as the README states it. */
function expectedGranted(actor: readonly Permission[], target: readonly Permission[], action: Action): boolean {
  if (!actor.includes('staff:manage')) return false;
  if (action.onSelf) return false;
  if (action.allowed) return action.allowed(actor, target);
  return target.every((permission) => actor.includes(permission));
}

// The actions on one's own account run last: where one is wrongly granted, it would change the actor for the rest.
const CASES = Object.entries(ACTORS)
  .flatMap(([actorName, actor]) =>
    Object.entries(TARGETS).flatMap(([targetName, target]) =>
      ACTIONS.map((action) => ({ actorName, actor, targetName, target, action })),
    ),
  )
  .sort((a, b) => Number(a.action.onSelf ?? false) - Number(b.action.onSelf ?? false));

describe('staff:manage never reaches beyond the permissions one holds', () => {
  let gateway: TestGateway;
  let admin: TestBrowser;
  let organisationId: number;
  let counter = 0;
  const unique = () => `case-${++counter}`;

  const createRole = async (permissions: readonly Permission[]) => {
    const created = await admin.request('/api/roles', { method: 'POST', json: { name: unique(), permissions } });
    expect(created.status).toBe(201);
    return (await created.json()) as Role;
  };
  const createPerson = async (role: Role, options: { disabled?: boolean } = {}) => {
    const id = await createAccount(gateway.db, {
      organisationId,
      email: `${unique()}@demo.test`,
      displayName: 'Someone',
      roleId: role.id,
      passwordHash: 'not-a-real-hash',
    });
    if (options.disabled) await gateway.db.query('update gateway.accounts set disabled_at = now() where id = $1', [id]);
    return id;
  };
  const actors = new Map<string, { browser: TestBrowser; id: number }>();

  beforeAll(async () => {
    const stub = new Hono();
    gateway = await createTestGateway({
      service: embeddedService(stub),
      organisations: [{ clientName: 'demo', apiKey: 'stub-key', people: DEMO_PEOPLE }],
    });
    admin = await signedInBrowser(gateway, ADMIN);
    const { rows } = await gateway.db.query<{ id: string }>(
      `select id from gateway.organisations where client_name = 'demo'`,
    );
    organisationId = Number(rows[0]?.id);
    for (const [name, permissions] of Object.entries(ACTORS)) {
      const role = await createRole(permissions);
      const id = await createPerson(role);
      const { rows: emails } = await gateway.db.query<{ email: string }>(
        'select email from gateway.accounts where id = $1',
        [id],
      );
      actors.set(name, { browser: await signedInBrowser(gateway, emails[0]?.email ?? ''), id });
    }
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it(`answers each of the ${CASES.length} generated cases as the rule says`, { timeout: 240_000 }, async () => {
    const mismatches: string[] = [];
    let granted = 0;
    for (const { actorName, actor, targetName, target, action } of CASES) {
      const who = actors.get(actorName);
      if (!who) throw new Error(actorName);
      const response = await action.run({
        actor: who.browser,
        actorId: who.id,
        target,
        targetRole: () => createRole(target),
        targetAccount: async (options) => createPerson(await createRole(target), options),
        plainAccount: async () => createPerson(await createRole([])),
        emptyRole: () => createRole([]),
        scopedTargetRole: async () => {
          const role = await createRole(target);
          const scoped = await admin.request(`/api/roles/${role.id}/scope`, {
            method: 'PUT',
            json: { productionIds: [7], eventIds: [] },
          });
          expect(scoped.status).toBe(unscopable(target) ? 422 : 200);
          return role;
        },
        unique,
      });
      const expected = expectedGranted(actor, target, action)
        ? (action.grantedStatus?.(target) ?? action.granted)
        : 403;
      const body = response.status === 403 ? ((await response.json()) as { message?: unknown }) : null;
      if (response.status !== expected || (body && typeof body.message !== 'string')) {
        mismatches.push(`${actorName} × ${targetName} × ${action.name}: ${response.status}, expected ${expected}`);
      }
      if (response.status === expected && expected < 400) granted += 1;
    }
    expect(mismatches).toEqual([]);
    // Both sides of the rule are exercised, not just refusals.
    expect(granted).toBeGreaterThan(50);
    expect(CASES.length - granted).toBeGreaterThan(50);
  });

  it('a link works only while its issuer could issue it: a promotion of its account beyond them ends it', async () => {
    const lead = await createRole(['staff:manage', 'events:read']);
    const leadId = await createPerson(lead);
    const { rows } = await gateway.db.query<{ email: string }>('select email from gateway.accounts where id = $1', [
      leadId,
    ]);
    const leadBrowser = await signedInBrowser(gateway, rows[0]?.email ?? '');
    const person = await createPerson(await createRole(['events:read']));
    const issued = await leadBrowser.request(`/api/staff/${person}/reset-link`, { method: 'POST' });
    expect(issued.status).toBe(201);
    const token = ((await issued.json()) as { link: string }).link.split('/').at(-1);
    expect((await new TestBrowser(gateway.app).request(`/api/links/${token}`)).status).toBe(200);

    const roles = ((await (await admin.request('/api/roles')).json()) as { roles: Role[] }).roles;
    const administrator = roles.find((role) => role.key === 'administrator') as Role;
    const promoted = await admin.request(`/api/staff/${person}`, {
      method: 'PATCH',
      json: { roleId: administrator.id },
    });
    expect(promoted.status).toBe(204);
    const follower = new TestBrowser(gateway.app);
    expect((await follower.request(`/api/links/${token}`)).status).toBe(404);
    const used = await follower.request(`/api/links/${token}/password`, {
      method: 'POST',
      json: { password: 'saffron lighthouse marmalade 4412' },
    });
    expect(used.status).toBe(404);
  });

  it("stops the issue's HR role: staff:manage alone takes over nothing", async () => {
    const hrRole = await admin.request('/api/roles', {
      method: 'POST',
      json: { name: 'HR', permissions: ['staff:manage'] },
    });
    const hr = (await hrRole.json()) as Role;
    const hrPerson = await createPerson(hr);
    const { rows } = await gateway.db.query<{ email: string }>('select email from gateway.accounts where id = $1', [
      hrPerson,
    ]);
    const member = await signedInBrowser(gateway, rows[0]?.email ?? '');
    const staffList = (await (await admin.request('/api/staff')).json()) as { id: number; email: string }[];
    const adminId = staffList.find((person) => person.email === ADMIN)?.id;
    const roles = ((await (await admin.request('/api/roles')).json()) as { roles: Role[] }).roles;
    const administrator = roles.find((role) => role.key === 'administrator') as Role;

    const reset = await member.request(`/api/staff/${adminId}/reset-link`, { method: 'POST' });
    expect(reset.status).toBe(403);
    expect(((await reset.json()) as { message: string }).message).toMatch(/permissions you do not hold/);
    const invite = await member.request('/api/staff/invitations', {
      method: 'POST',
      json: { email: 'new-admin@elsewhere.test', name: 'New Admin', roleId: administrator.id },
    });
    expect(invite.status).toBe(403);
    const created = await member.request('/api/roles', {
      method: 'POST',
      json: { name: 'Keys', permissions: ['connection:manage', 'audit:read'] },
    });
    expect(created.status).toBe(403);
    const grown = await member.request(`/api/roles/${hr.id}`, {
      method: 'PUT',
      json: { name: 'HR', permissions: ['staff:manage', 'audit:read'] },
    });
    expect(grown.status).toBe(403);
    const promoted = await member.request(`/api/staff/${hrPerson}`, {
      method: 'PATCH',
      json: { roleId: administrator.id },
    });
    expect(promoted.status).toBe(403);
    expect(((await promoted.json()) as { message: string }).message).toMatch(/your own role/);

    // Nothing of it happened: no link for the administrator, no invitation, no role, HR as it was.
    const after = (await (await admin.request('/api/staff')).json()) as {
      email: string;
      role: { key: string };
      pendingLinkExpiresAt: string | null;
    }[];
    expect(after.find((person) => person.email === ADMIN)?.pendingLinkExpiresAt).toBeNull();
    expect(after.some((person) => person.email === 'new-admin@elsewhere.test')).toBe(false);
    expect(after.find((person) => person.email === rows[0]?.email)?.role.key).toBe(hr.key);
    const rolesAfter = ((await (await admin.request('/api/roles')).json()) as { roles: (Role & { name: string })[] })
      .roles;
    expect(rolesAfter.some((role) => role.name === 'Keys')).toBe(false);
    expect(rolesAfter.find((role) => role.id === hr.id)?.permissions).toEqual(['staff:manage']);
  });
});

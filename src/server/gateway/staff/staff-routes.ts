import type { Context } from 'hono';
import {
  type InvitationAnswer,
  type IssuedLink,
  invitationRequestSchema,
  type StaffMember,
  staffChangeSchema,
} from '@/contract/people';
import { type Role, type RolesAnswer, roleRequestSchema } from '@/contract/roles';
import type { Database } from '../../db/database';
import type { GatewayEnv, SecuredRoutes } from '../access';
import { recordRequestAudit } from '../audit';
import type { SessionStore } from '../auth';
import type { Organisations } from '../connection';
import { NotFoundError } from '../errors';
import { parseBody } from '../request-input';
import { requestOrigin } from '../same-origin';
import { type StaffCaller, StaffService } from './staff-service';

const staffManagers = { permission: 'staff:manage' } as const;

/** The id in the path; null when malformed (it names nothing). */
const idParam = (c: Context) => {
  const text = c.req.param('id') ?? '';
  return /^\d{1,15}$/.test(text) ? Number(text) : null;
};

/**
 * The routes of an organisation's staff and roles (the rules: staff-service.ts); its connection is
 * connection/connection-routes.ts.
 */
/** What the people's routes use of the gateway's deps (not GatewayDeps, which is built from this entry). */
export interface StaffDeps {
  db: Database;
  sessions: SessionStore;
  organisations: Organisations;
}

export function registerStaffRoutes(routes: SecuredRoutes, deps: StaffDeps): void {
  const staff = new StaffService(deps.db, deps.sessions);
  const callerOf = (c: Context<GatewayEnv>): StaffCaller => ({
    principal: c.get('principal'),
    origin: requestOrigin(c),
    audit: (tx, entry) => recordRequestAudit(tx, c, entry),
  });

  routes.declare('GET', '/staff', staffManagers, async (c) =>
    c.json((await staff.people(callerOf(c))) satisfies StaffMember[]),
  );

  routes.declare('POST', '/staff/invitations', staffManagers, async (c) => {
    const invitation = await parseBody(c, invitationRequestSchema);
    return c.json((await staff.invite(callerOf(c), invitation)) satisfies InvitationAnswer, 201);
  });

  routes.declare('PATCH', '/staff/:id', staffManagers, async (c) => {
    const accountId = idParam(c);
    const change = await parseBody(c, staffChangeSchema);
    if (accountId === null) throw new NotFoundError('No such account');
    await staff.changeAccount(callerOf(c), accountId, change);
    return c.body(null, 204);
  });

  routes.declare('POST', '/staff/:id/reset-link', staffManagers, async (c) => {
    const accountId = idParam(c);
    if (accountId === null) throw new NotFoundError('No such account');
    return c.json((await staff.issueResetLink(callerOf(c), accountId)) satisfies IssuedLink, 201);
  });

  routes.declare('GET', '/roles', staffManagers, async (c) =>
    c.json((await staff.roles(callerOf(c))) satisfies RolesAnswer),
  );

  routes.declare('POST', '/roles', staffManagers, async (c) => {
    const role = await parseBody(c, roleRequestSchema);
    return c.json((await staff.createRole(callerOf(c), role)) satisfies Role | null, 201);
  });

  routes.declare('PUT', '/roles/:id', staffManagers, async (c) => {
    const role = await staff.editRole(callerOf(c), idParam(c), () => parseBody(c, roleRequestSchema));
    return c.json(role satisfies Role | null, 200);
  });

  routes.declare('DELETE', '/roles/:id', staffManagers, async (c) => {
    await staff.deleteRole(callerOf(c), idParam(c));
    return c.body(null, 204);
  });
}

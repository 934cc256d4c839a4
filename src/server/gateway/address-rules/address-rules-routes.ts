import type { Context } from 'hono';
import { type RoleNetworks, roleNetworksSchema } from '@/contract/sso';
import type { GatewayEnv, SecuredRoutes } from '../access';
import { recordRequestAudit } from '../audit';
import { NotFoundError } from '../errors';
import { parseBody } from '../request-input';
import type { AddressRulesDeps } from './address-rules-service';
import { RoleNetworksService } from './address-rules-service';

const staffManagers = { permission: 'staff:manage' } as const;

const roleIdOf = (c: Context) => {
  const text = c.req.param('id') ?? '';
  if (!/^\d{1,15}$/.test(text)) throw new NotFoundError('No such role');
  return Number(text);
};

/** A role's networks (its address rules): `GET` and `PUT /api/roles/{id}/networks`. */
export function registerAddressRuleRoutes(routes: SecuredRoutes, deps: AddressRulesDeps): void {
  const service = new RoleNetworksService(deps.db);

  routes.declare('GET', '/roles/:id/networks', staffManagers, async (c) => {
    const networks = await service.networks(c.get('principal').organisationId, roleIdOf(c));
    return c.json({ networks } satisfies RoleNetworks);
  });

  routes.declare('PUT', '/roles/:id/networks', staffManagers, async (c: Context<GatewayEnv>) => {
    const roleId = roleIdOf(c);
    const { networks } = await parseBody(c, roleNetworksSchema);
    const caller = {
      principal: c.get('principal'),
      address: deps.clientAddressOf(c),
      audit: (tx: Parameters<typeof recordRequestAudit>[0], entry: Parameters<typeof recordRequestAudit>[2]) =>
        recordRequestAudit(tx, c, entry),
    };
    return c.json({ networks: await service.replace(caller, roleId, networks) } satisfies RoleNetworks);
  });
}

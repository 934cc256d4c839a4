import type { Context } from 'hono';
import { apiKeyChangeSchema, type Connection } from '@/contract/connection';
import type { GatewayEnv, SecuredRoutes } from '../access';
import { recordRequestAudit } from '../audit';
import { parseBody } from '../request-input';
import { requestOrigin } from '../same-origin';
import { type ConnectionCaller, type ConnectionDeps, ConnectionService } from './connection-service';

const connection = { permission: 'connection:manage' } as const;

const callerOf = (c: Context<GatewayEnv>): ConnectionCaller => ({
  principal: c.get('principal'),
  origin: requestOrigin(c),
  audit: (tx, entry) => recordRequestAudit(tx, c, entry),
});

/** The organisation's connection to the Ticketing Service: what it is, and replacing its API key. */
export function registerConnectionRoutes(routes: SecuredRoutes, deps: ConnectionDeps): void {
  const service = new ConnectionService(deps);

  routes.declare('GET', '/connection', connection, async (c) =>
    c.json((await service.connection(c.get('principal').organisationId)) satisfies Connection | null),
  );

  routes.declare('PUT', '/connection', connection, async (c) => {
    const { apiKey } = await parseBody(c, apiKeyChangeSchema);
    return c.json((await service.replaceKey(callerOf(c), apiKey)) satisfies Connection | null);
  });
}

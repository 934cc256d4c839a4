import { z } from 'zod';
import type { Connection } from '@/contract/connection';
import type { GatewayDeps, SecuredRoutes } from '../access';
import { recordRequestAudit } from '../audit/request-audit';
import { parseBody } from '../request-input';
import { requestOrigin } from '../same-origin';
import { checkApiKey } from './organisations';

const connection = { permission: 'connection:manage' } as const;

const keySchema = z.object({
  apiKey: z.string().trim().min(1, 'Enter the API key').max(1024, 'At most 1024 characters'),
});

/** The organisation's connection to the Ticketing Service: what it is, and replacing its API key. */
export function registerConnectionRoutes(routes: SecuredRoutes, deps: GatewayDeps): void {
  const { db, organisations, service } = deps;

  routes.declare('GET', '/connection', connection, async (c) => {
    return c.json((await organisations.summary(c.get('principal').organisationId)) satisfies Connection | null);
  });

  routes.declare('PUT', '/connection', connection, async (c) => {
    const principal = c.get('principal');
    const { apiKey } = await parseBody(c, keySchema);
    await checkApiKey(service, principal.clientName, apiKey, requestOrigin(c));
    await db.transaction(async (tx) => {
      await organisations.replaceKey(principal.organisationId, apiKey, principal.accountId, tx);
      // The key itself is never recorded, not even a part of it.
      await recordRequestAudit(tx, c, {
        action: 'connection',
        status: 200,
        details: { change: 'API key replaced', clientName: principal.clientName },
      });
    });
    deps.log.info(
      { clientName: principal.clientName, accountId: principal.accountId },
      'organisation API key replaced',
    );
    return c.json((await organisations.summary(principal.organisationId)) satisfies Connection | null);
  });
}

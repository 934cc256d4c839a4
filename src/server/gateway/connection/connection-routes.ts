import { z } from 'zod';
import type { Connection } from '@/contract/connection';
import { type GatewayDeps, readBody, type SecuredRoutes } from '../access';
import { recordAudit } from '../audit/audit-trail';
import { actor } from '../audit/forward-audit';
import { connectionRefused } from '../auth/link-routes';
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
    const body = await readBody(c, keySchema);
    if (!body.ok) return body.response;
    const check = await checkApiKey(service, principal.clientName, body.data.apiKey, requestOrigin(c));
    if (!check.ok) return connectionRefused(c, check.reason, check.retryAfter);
    await db.transaction(async (tx) => {
      await organisations.replaceKey(principal.organisationId, body.data.apiKey, principal.accountId, tx);
      // The key itself is never recorded, not even a part of it.
      await recordAudit(tx, {
        ...actor(principal),
        action: 'connection',
        method: 'PUT',
        path: '/api/connection',
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

import type { Context } from 'hono';
import { type CustomFieldNames, customFieldNamesSchema } from '@/contract/custom-fields';
import type { Database } from '../../db/database';
import type { GatewayEnv, SecuredRoutes } from '../access';
import { recordRequestAudit } from '../audit';
import { parseBody } from '../request-input';
import { type CustomFieldCaller, CustomFieldService } from './custom-field-service';

/** Whoever sees customers' records whole: the list and page, the form, the duplicates side by side. */
export const CUSTOM_FIELD_READERS = { anyOf: ['customers:read', 'customers:write', 'duplicates:review'] } as const;
/** The people who fill the fields name them. */
export const CUSTOM_FIELD_WRITERS = { permission: 'customers:write' } as const;

/** `GET` and `PUT /api/custom-fields`: the names of the customers' custom fields (custom-field-service.ts). */
export function registerCustomFieldRoutes(routes: SecuredRoutes, deps: { db: Database }): void {
  const service = new CustomFieldService(deps.db);
  const callerOf = (c: Context<GatewayEnv>): CustomFieldCaller => ({
    organisationId: c.get('principal').organisationId,
    audit: (tx, entry) => recordRequestAudit(tx, c, entry),
  });

  routes.declare('GET', '/custom-fields', CUSTOM_FIELD_READERS, async (c) =>
    c.json((await service.names(c.get('principal').organisationId)) satisfies CustomFieldNames),
  );
  routes.declare('PUT', '/custom-fields', CUSTOM_FIELD_WRITERS, async (c) => {
    const names = await parseBody(c, customFieldNamesSchema);
    return c.json((await service.rename(callerOf(c), names)) satisfies CustomFieldNames);
  });
}

import type { Context } from 'hono';
import { CUSTOM_FIELD_READ_PERMISSIONS, type CustomFieldNames, customFieldNamesSchema } from '@/contract/custom-fields';
import type { Database } from '../../db/database';
import type { GatewayEnv, SecuredRoutes } from '../access';
import { recordRequestAudit } from '../audit';
import { parseBody } from '../request-input';
import { type CustomFieldCaller, CustomFieldService } from './custom-field-service';

const readers = { anyOf: CUSTOM_FIELD_READ_PERMISSIONS } as const;
/** The people who fill the fields name them. */
const writers = { permission: 'customers:write' } as const;

/** `GET` and `PUT /api/custom-fields`: the names of the customers' custom fields (custom-field-service.ts). */
export function registerCustomFieldRoutes(routes: SecuredRoutes, deps: { db: Database }): void {
  const service = new CustomFieldService(deps.db);
  const callerOf = (c: Context<GatewayEnv>): CustomFieldCaller => ({
    organisationId: c.get('principal').organisationId,
    audit: (tx, entry) => recordRequestAudit(tx, c, entry),
  });

  routes.declare('GET', '/custom-fields', readers, async (c) =>
    c.json((await service.names(c.get('principal').organisationId)) satisfies CustomFieldNames),
  );
  routes.declare('PUT', '/custom-fields', writers, async (c) => {
    const names = await parseBody(c, customFieldNamesSchema);
    return c.json((await service.rename(callerOf(c), names)) satisfies CustomFieldNames);
  });
}

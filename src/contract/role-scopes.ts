import { z } from 'zod';

/**
 * A role's scope (`/api/roles/:id/scope`): the productions and/or events its people see. A role without one
 * sees every event. Ids are the Ticketing Service's; every event of a listed production is in scope.
 */
const serviceId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const MAX_SCOPE_IDS = 500;

export const roleScopeSchema = z
  .object({
    productionIds: z.array(serviceId).max(MAX_SCOPE_IDS),
    eventIds: z.array(serviceId).max(MAX_SCOPE_IDS),
  })
  .refine((scope) => scope.productionIds.length + scope.eventIds.length > 0, {
    message: 'Choose at least one production or event',
    path: ['productionIds'],
  })
  .refine((scope) => scope.productionIds.length + scope.eventIds.length <= MAX_SCOPE_IDS, {
    message: `At most ${MAX_SCOPE_IDS} productions and events`,
    path: ['productionIds'],
  });
export type RoleScope = z.infer<typeof roleScopeSchema>;

/** `GET /api/roles/:id/scope`: the role's scope, or null when it sees every event. */
export const roleScopeAnswerSchema = z.object({ scope: roleScopeSchema.nullable() });
export type RoleScopeAnswer = z.infer<typeof roleScopeAnswerSchema>;

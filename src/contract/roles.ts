import { z } from 'zod';
import { withoutNul } from './people';
import { isPermission, PERMISSIONS } from './staff';

/**
 * An organisation's roles (`/api/roles…`): the presets and its own, each a set of permissions with its
 * sign-in rules. Pure, like the rest of src/contract: the gateway types its answers with these and the app
 * reads them with them.
 */

/** Plain text: a newer gateway's permissions the app does not know are shown and kept, never dropped on save. */
const permissionKey = z.string();

/** One role; `POST /api/roles` and `PUT /api/roles/:id` answer the role as saved. */
export const roleSchema = z.object({
  id: z.number(),
  key: z.string(),
  name: z.string(),
  preset: z.boolean(),
  permissions: z.array(permissionKey),
  requireTotp: z.boolean(),
  idleMinutes: z.number().nullable(),
  absoluteMinutes: z.number().nullable(),
  members: z.number(),
});
export type Role = z.infer<typeof roleSchema>;

/** `GET /api/roles`: the roles, and every permission there is with what it allows. */
export const rolesAnswerSchema = z.object({
  roles: z.array(roleSchema),
  permissions: z.array(z.object({ key: permissionKey, description: z.string() })),
});
export type RolesAnswer = z.infer<typeof rolesAnswerSchema>;
export type PermissionInfo = RolesAnswer['permissions'][number];

/** `POST /api/roles` and `PUT /api/roles/:id`: a role as its editor saves it. */
export const roleRequestSchema = z.object({
  name: withoutNul(z.string().trim().min(1, 'Enter a name').max(60, 'At most 60 characters')),
  permissions: z.array(z.string().refine(isPermission, 'Unknown permission')).max(PERMISSIONS.length),
  requireTotp: z.boolean().default(false),
  idleMinutes: z.number().int().min(5).max(1440).nullable().default(null),
  absoluteMinutes: z.number().int().min(15).max(10080).nullable().default(null),
});
export type RoleRequest = z.input<typeof roleRequestSchema>;

import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../lib/api-client';

/** Plain text: a newer gateway's permissions the app does not know are shown and kept, never dropped on save. */
const permissionKey = z.string();

const staffMemberSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  role: z.object({ id: z.number(), key: z.string().optional(), name: z.string() }),
  disabled: z.boolean(),
  passwordSet: z.boolean(),
  passkeys: z.number(),
  totpEnabled: z.boolean(),
  lastSeenAt: z.string().nullable(),
  pendingLinkExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});

const roleSchema = z.object({
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

const rolesSchema = z.object({
  roles: z.array(roleSchema),
  permissions: z.array(z.object({ key: permissionKey, description: z.string() })),
});

const connectionSchema = z
  .object({
    clientName: z.string(),
    keyChangedAt: z.string(),
    keyChangedBy: z.string().nullable(),
  })
  .nullable();

/** A one-time link to hand over: an invitation or a password reset (there is no mail server). */
export const issuedLinkSchema = z.object({
  link: z.string(),
  expiresAt: z.string().nullable(),
  kind: z.enum(['invite', 'reset']).default('invite'),
});

export type StaffMember = z.infer<typeof staffMemberSchema>;
export type Role = z.infer<typeof roleSchema>;
export type RolesAnswer = z.infer<typeof rolesSchema>;
export type PermissionInfo = RolesAnswer['permissions'][number];
export type Connection = NonNullable<z.infer<typeof connectionSchema>>;
export type IssuedLink = z.infer<typeof issuedLinkSchema>;

/** Keys from generic to specific; mutations invalidate through these, never through hand-copied arrays. */
export const staffKeys = {
  all: ['staff'] as const,
  people: () => [...staffKeys.all, 'people'] as const,
  roles: () => [...staffKeys.all, 'roles'] as const,
  connection: () => [...staffKeys.all, 'connection'] as const,
};

export const staffQueries = {
  /** Everyone of the organisation (a venue's staff: tens, not thousands), filtered in the browser. */
  people: () =>
    queryOptions({
      queryKey: staffKeys.people(),
      queryFn: ({ signal }) => apiClient.get('/api/staff', { schema: z.array(staffMemberSchema), signal }),
    }),
  roles: () =>
    queryOptions({
      queryKey: staffKeys.roles(),
      queryFn: ({ signal }) => apiClient.get('/api/roles', { schema: rolesSchema, signal }),
    }),
  connection: () =>
    queryOptions({
      queryKey: staffKeys.connection(),
      queryFn: ({ signal }) => apiClient.get('/api/connection', { schema: connectionSchema, signal }),
    }),
};

/** The shapes the mutations parse their answers with. */
export const staffSchemas = { role: roleSchema, connection: connectionSchema };

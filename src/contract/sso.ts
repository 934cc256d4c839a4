import { z } from 'zod';

/**
 * Single sign-on with OpenID Connect (one provider per organisation) and the address rules of a role, as the
 * gateway validates and answers them. The client secret goes in (`PUT /api/sso`) and never comes out: the
 * answer says only whether one is set. Pure, like the rest of src/contract.
 */

/** Where the provider sends the person back, on the gateway's own origin: registered at the provider beforehand. */
export const SSO_CALLBACK_PATH = '/api/sso/callback';

const claimName = z
  .string()
  .trim()
  .min(1, 'Enter a claim name')
  .max(100, 'At most 100 characters')
  .regex(/^[A-Za-z0-9_:./-]+$/, 'Letters, digits and _ : . / - only');

export const groupRoleSchema = z.object({
  group: z.string().trim().min(1, 'Enter the group').max(200, 'At most 200 characters'),
  roleId: z.number().int().positive(),
});
export type GroupRole = z.infer<typeof groupRoleSchema>;

/** `PUT /api/sso`: the organisation's provider. `clientSecret` empty or absent keeps the one set before. */
export const ssoSettingsRequestSchema = z.object({
  displayName: z.string().trim().min(1, 'Enter the name people know the provider by').max(80, 'At most 80 characters'),
  issuer: z
    .string()
    .trim()
    .max(500, 'At most 500 characters')
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'Enter the issuer URL'),
  clientId: z.string().trim().min(1, 'Enter the client id').max(300, 'At most 300 characters'),
  clientSecret: z.string().trim().max(1000, 'At most 1000 characters').optional(),
  emailClaim: claimName,
  groupClaim: claimName,
  groupRoles: z.array(groupRoleSchema).max(50, 'At most 50 lines'),
  enabled: z.boolean(),
  required: z.boolean(),
});
export type SsoSettingsRequest = z.input<typeof ssoSettingsRequestSchema>;

/** `GET /api/sso` (null: none set up), and the answer of `PUT`. */
export const ssoSettingsSchema = z
  .object({
    displayName: z.string(),
    issuer: z.string(),
    clientId: z.string(),
    secretSet: z.boolean(),
    emailClaim: z.string(),
    groupClaim: z.string(),
    groupRoles: z.array(groupRoleSchema),
    enabled: z.boolean(),
    required: z.boolean(),
    /** What to register at the provider as the redirect URI. */
    redirectUri: z.string(),
    updatedAt: z.string(),
  })
  .nullable();
export type SsoSettings = NonNullable<z.infer<typeof ssoSettingsSchema>>;

/** `GET /api/sso/providers`: the "Sign in with …" buttons of the sign-in page. */
export const ssoProvidersSchema = z.object({
  providers: z.array(z.object({ clientName: z.string(), name: z.string() })),
});
export type SsoProviders = z.infer<typeof ssoProvidersSchema>;

/** `PUT /api/roles/{id}/networks`: the networks (CIDR, IPv4 or IPv6) a role may be used from; none = anywhere. */
export const roleNetworksSchema = z.object({
  networks: z
    // Only a length here: the gateway judges each entry itself (address-rules/), naming the refused ones by
    // position (`networks.<n>`), which a refusal of the whole array could not.
    .array(z.string().trim().max(64, 'A network like 192.0.2.0/24 or 2001:db8::/32'))
    .max(100, 'At most 100 networks'),
});
export type RoleNetworks = z.infer<typeof roleNetworksSchema>;

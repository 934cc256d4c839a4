import { z } from 'zod';

/**
 * The people of an organisation as its administrators see them (`/api/staff…`): each account with its role
 * and sign-in state, and the one-time links handed over for an invitation or a password reset. Pure, like the
 * rest of src/contract: the gateway types its answers with these and the app reads them with them.
 */

/** `GET /api/staff`: one person (the answer is a list of them). */
export const staffMemberSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  role: z.object({ id: z.number(), key: z.string().optional(), name: z.string() }),
  disabled: z.boolean(),
  passwordSet: z.boolean(),
  passkeys: z.number(),
  totpEnabled: z.boolean(),
  lastSeenAt: z.string().nullable(),
  /** When the newest unused invitation or reset link expires; null when none is pending. */
  pendingLinkExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffListSchema = z.array(staffMemberSchema);

/**
 * A one-time link to hand over (there is no mail server): `POST /api/staff/:id/reset-link` says which kind it
 * issued; an invitation's answer (`POST /api/staff/invitations`) adds the new account's id.
 */
export const issuedLinkSchema = z.object({
  link: z.string(),
  expiresAt: z.string().nullable(),
  kind: z.enum(['invite', 'reset']).default('invite'),
});
export type IssuedLink = z.infer<typeof issuedLinkSchema>;

export const invitationSchema = issuedLinkSchema.extend({ id: z.number() });
/** As the gateway answers it (`kind` left out: an invitation). */
export type InvitationAnswer = z.input<typeof invitationSchema>;

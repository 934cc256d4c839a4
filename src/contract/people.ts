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

// The requests of the people's routes.

/** A NUL character cannot be stored in a text column: refused on its field, as any other bad name. */
export const withoutNul = (text: z.ZodString) =>
  text.refine((value) => !value.includes('\u0000'), 'Remove the NUL character');

const personName = withoutNul(z.string().trim().min(1, 'Enter the name').max(200, 'At most 200 characters'));

/** `POST /api/staff/invitations`. */
export const invitationRequestSchema = z.object({
  email: z.email('Enter a valid email address').max(320),
  name: personName,
  roleId: z.number().int().positive(),
});
export type InvitationRequest = z.input<typeof invitationRequestSchema>;

/** `PATCH /api/staff/:id`: any of a person's role, whether the account is disabled, and their name. */
export const staffChangeSchema = z.object({
  roleId: z.number().int().positive().optional(),
  disabled: z.boolean().optional(),
  name: personName.optional(),
});
export type StaffChange = z.input<typeof staffChangeSchema>;

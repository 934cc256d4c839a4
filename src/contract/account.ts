import { z } from 'zod';

/**
 * A person's own account as the gateway answers it (`/api/account…`): who they are, their sessions and
 * passkeys, and the answers of the password and two-step sign-in changes. Pure, like the rest of src/contract:
 * the gateway types its answers with these and the app reads them with them.
 */

export const accountSessionSchema = z.object({
  ref: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  method: z.string(),
  userAgent: z.string().nullable(),
  address: z.string().nullable(),
  /** The session this answer was asked with. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const passkeySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PasskeySummary = z.infer<typeof passkeySummarySchema>;

/** `POST /api/account/passkeys`: the passkey just registered. */
export const registeredPasskeySchema = passkeySummarySchema.pick({ id: true, name: true });

/** `GET /api/account`. */
export const accountSchema = z.object({
  person: z.object({ id: z.number(), email: z.string(), name: z.string() }),
  clientName: z.string(),
  role: z.object({ key: z.string(), name: z.string(), requireTotp: z.boolean() }),
  passwordSet: z.boolean(),
  totpEnabled: z.boolean(),
  sessions: z.array(accountSessionSchema),
  passkeys: z.array(passkeySummarySchema),
});
export type Account = z.infer<typeof accountSchema>;

/** `PUT /api/account/password` and `POST /api/account/sessions/end-others`: how many other sessions ended. */
export const endedSessionsSchema = z.object({ endedSessions: z.number() });
export type EndedSessions = z.infer<typeof endedSessionsSchema>;

/** `POST /api/account/totp/setup`: the secret to scan or type into an authenticator app, shown once. */
export const totpEnrolmentSchema = z.object({ secret: z.string(), uri: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

/** `POST /api/account/totp/confirm` and `DELETE /api/account/totp`. */
export const totpStateSchema = z.object({ totpEnabled: z.boolean() });
export type TotpState = z.infer<typeof totpStateSchema>;

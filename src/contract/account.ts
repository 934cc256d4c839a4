import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './staff';

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

// The requests (the gateway validates with these; the account page's forms check the same rules first).

/** `PUT /api/account/password`: the current password is asked only of a person who has one. */
export const passwordChangeSchema = z.object({
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  newPassword: z.string().max(PASSWORD_MAX_LENGTH, `At most ${PASSWORD_MAX_LENGTH} characters`),
});
export type PasswordChange = z.input<typeof passwordChangeSchema>;

/** A code of the authenticator app: `POST /api/account/totp/confirm`. */
export const totpCodeSchema = z.object({ code: z.string().trim().min(1, 'Enter the 6-digit code').max(20) });

/** One's password again, to confirm a change that weakens the sign-in: `DELETE /api/account/totp`. */
export const passwordConfirmationSchema = z.object({
  password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX_LENGTH),
});

const PASSKEY_NAME_MAX_LENGTH = 100;

const passkeyName = z
  .string()
  .trim()
  .min(1, 'Give the passkey a name')
  .max(PASSKEY_NAME_MAX_LENGTH, `At most ${PASSKEY_NAME_MAX_LENGTH} characters`);

/** A credential as the browser sends it: checked for shape here, and in depth by @simplewebauthn/server. */
const credentialShape = z.looseObject({
  id: z.string().min(1).max(1400),
  rawId: z.string().min(1).max(1400),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().min(1) }),
  clientExtensionResults: z.looseObject({}).optional().default({}),
});

const challengeId = z.string().min(1, 'Start again').max(100);

/** A passkey registered (on the account page, or from an invitation or reset link) with its name. */
export const passkeyRegistrationSchema = z.object({
  challengeId,
  name: passkeyName,
  response: credentialShape.extend({
    response: z.looseObject({ clientDataJSON: z.string(), attestationObject: z.string() }),
  }),
});

/** A sign-in with a passkey alone. */
export const passkeyAuthenticationSchema = z.object({
  challengeId,
  response: credentialShape.extend({
    response: z.looseObject({ clientDataJSON: z.string(), authenticatorData: z.string(), signature: z.string() }),
  }),
});

/** `PATCH /api/account/passkeys/:id`. */
export const passkeyRenameSchema = z.object({ name: passkeyName });

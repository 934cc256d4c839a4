import { z } from 'zod';

/**
 * Signing in (`POST /api/session`, then `POST /api/session/totp` when the account has a second factor), as the
 * gateway validates it. Pure, like the rest of src/contract; apart from staff.ts (the session's answers), which
 * the app's first screens load, so that they do not load zod for these.
 */

export const signInSchema = z.object({
  email: z.string().trim().min(1, 'Enter your email address').max(320, 'At most 320 characters'),
  password: z.string().min(1, 'Enter your password').max(1024, 'At most 1024 characters'),
});
export type SignInRequest = z.input<typeof signInSchema>;

/** The second step: the ticket of the first and the authenticator app's code. */
export const totpSignInSchema = z.object({
  ticket: z.string().min(1).max(200),
  code: z.string().trim().min(1, 'Enter the 6-digit code').max(20),
});
export type TotpSignInRequest = z.input<typeof totpSignInSchema>;

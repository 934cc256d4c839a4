import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './staff';

/**
 * `GET /api/links/:token`: whom an unused invitation or reset link (contract/people.ts) is for, shown on the
 * sign-in side before a password is chosen. Apart from people.ts so that the sign-in pages load only this.
 */
export const linkInfoSchema = z.object({
  kind: z.enum(['invite', 'reset']),
  email: z.string(),
  name: z.string(),
  clientName: z.string(),
});
export type LinkInfo = z.infer<typeof linkInfoSchema>;

/**
 * `POST /api/links/:token/password`: the password chosen from an invitation or reset link (its strength is
 * the gateway's password policy).
 */
export const linkPasswordSchema = z.object({ password: z.string().max(PASSWORD_MAX_LENGTH) });
export type LinkPassword = z.input<typeof linkPasswordSchema>;

/** `POST /api/setup/:token`: the first administrator and the organisation's connection of a fresh install. */
export const setupRequestSchema = z.object({
  name: z.string().trim().min(1, 'Enter your name').max(200),
  email: z.email('Enter a valid email address').max(320),
  password: z.string().max(PASSWORD_MAX_LENGTH),
  clientName: z.string().trim().min(1, 'Enter the client name').max(64, 'At most 64 characters'),
  apiKey: z.string().trim().min(1, 'Enter the API key').max(1024, 'At most 1024 characters'),
});
export type SetupRequest = z.input<typeof setupRequestSchema>;

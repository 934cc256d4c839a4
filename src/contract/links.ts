import { z } from 'zod';

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

/**
 * Why a single sign-on came back refused: the sign-in page's `?sso=` and its message. Without zod (the sign-in
 * page is the first load), like staff.ts.
 */
export const SSO_FAILURES = [
  'expired',
  'provider-refused',
  'provider-error',
  'no-email',
  'no-role',
  'disabled',
  'other-organisation',
  'address',
  'throttled',
] as const;
export type SsoFailure = (typeof SSO_FAILURES)[number];

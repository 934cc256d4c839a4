import type { SignInMethod } from '../principal';

/**
 * Whether a session satisfies a role's "two-step sign-in required" (roles.require_totp). Decided here, once:
 *
 * - A passkey sign-in does. The gateway requires user verification (PIN, fingerprint, face) in every passkey
 *   ceremony and refuses an answer without it (passkey-service.ts), so a passkey sign-in is possession of the
 *   key plus something the person knows or is: multi-factor in one gesture, as pretix and GitHub treat it. It
 *   is not asked for a TOTP code on top, and a person whose role requires two steps may use a passkey instead
 *   of an authenticator app.
 * - A password sign-in does once the person has TOTP: the sign-in then always goes through the code step
 *   (`password+totp`); a session in which the person has just set TOTP up proved the code there.
 * - A single sign-on does: the organisation's own provider decides how its people prove who they are (its
 *   second factor included), as an organisation that requires SSO expects; Foyer asks no code on top.
 * - Otherwise (a password alone, an invitation or reset link, the setup link) it does not: the session may
 *   only set up a second factor until the person signs in with one.
 */
export function satisfiesTwoStep(requireTotp: boolean, totpEnabled: boolean, method: SignInMethod): boolean {
  if (!requireTotp) return true;
  if (method === 'passkey' || method === 'sso') return true;
  return totpEnabled;
}

import { Secret, TOTP } from 'otpauth';

const PERIOD = 30;

/** What an account's TOTP secret is sealed for (KeyVault): it opens for that account only. */
export const totpSealContext = (accountId: number) => `totp:${accountId}`;

function totpOf(secretBase32: string, label = 'Foyer'): TOTP {
  return new TOTP({
    issuer: 'Foyer',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new secret (160 bits, as RFC 4226 recommends) and the otpauth:// URI an authenticator app scans. */
export function newTotpSecret(email: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totpOf(secret, email).toString() };
}

/**
 * The 30-second step a code belongs to when it is valid now (one step of clock drift either way), else null.
 * The caller stores the step and refuses any code of that step or an earlier one, so a code works once.
 */
export function totpStep(secretBase32: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secretBase32).validate({ token, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

/** The current code (tests and the demo tooling). */
export function totpCode(secretBase32: string, now = Date.now()): string {
  return totpOf(secretBase32).generate({ timestamp: now });
}

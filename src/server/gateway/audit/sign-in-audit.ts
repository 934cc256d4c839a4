import type { Context } from 'hono';
import type { Database } from '../../db/database';
import { recordAudit } from './audit-trail';

const EMAIL_SHAPE = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;

/** The account a refused sign-in named, as the trail records it (looked up by auth: no one is signed in). */
export interface SignInActor {
  accountId: number;
  organisationId: number;
  email: string;
  roleKey: string;
}

/**
 * A sign-in refused by request `c`. With an account (a wrong password for a known email, a wrong TOTP code, a
 * known passkey that failed), the entry goes in that account's organisation's chain; without one (an unknown
 * email or passkey), in the chain of no organisation. The typed email is recorded, never the password. No one
 * is signed in, so the actor comes from the caller rather than from a principal (request-audit.ts).
 */
export async function recordSignInFailure(
  db: Database,
  c: Context,
  failure: {
    actor: SignInActor | null;
    email: string | null;
    /** How they tried: password, totp or passkey. */
    method: string;
    reason: string;
    status?: number;
  },
): Promise<void> {
  const { actor } = failure;
  // What was typed as the email is kept only when it looks like one: a password or API key pasted into the
  // wrong field never reaches the trail.
  const typed = failure.email && EMAIL_SHAPE.test(failure.email) ? failure.email : null;
  await recordAudit(db, {
    organisationId: actor?.organisationId ?? null,
    accountId: actor?.accountId ?? null,
    person: actor?.email ?? typed,
    role: actor?.roleKey ?? null,
    action: 'sign-in-failed',
    method: c.req.method,
    path: c.req.path,
    status: failure.status ?? 401,
    details: { method: failure.method, reason: failure.reason },
  });
}

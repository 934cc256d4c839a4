import type { Context } from 'hono';
import type { Database } from '../../db/database';
import { recordAudit } from './audit-trail';

const EMAIL_SHAPE = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;

/**
 * A sign-in refused by request `c`. With an account (a wrong password for a known email, a wrong TOTP code, a
 * known passkey that failed), the entry goes in that account's organisation's chain; without one (an unknown
 * email or passkey), in the chain of no organisation. The typed email is recorded, never the password. No one
 * is signed in, so the actor is looked up here rather than taken from a principal (request-audit.ts).
 */
export async function recordSignInFailure(
  db: Database,
  c: Context,
  failure: {
    accountId: number | null;
    email: string | null;
    /** How they tried: password, totp or passkey. */
    method: string;
    reason: string;
    status?: number;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = failure.accountId
      ? await tx.query<{ organisation_id: string; email: string; role_key: string }>(
          `select a.organisation_id, a.email, r.key as role_key
             from gateway.accounts a join gateway.roles r on r.id = a.role_id where a.id = $1`,
          [failure.accountId],
        )
      : { rows: [] };
    const account = rows[0];
    // What was typed as the email is kept only when it looks like one: a password or API key pasted into the
    // wrong field never reaches the trail.
    const typed = failure.email && EMAIL_SHAPE.test(failure.email) ? failure.email : null;
    await recordAudit(tx, {
      organisationId: account ? Number(account.organisation_id) : null,
      accountId: account ? failure.accountId : null,
      person: account?.email ?? typed,
      role: account?.role_key ?? null,
      action: 'sign-in-failed',
      method: c.req.method,
      path: c.req.path,
      status: failure.status ?? 401,
      details: { method: failure.method, reason: failure.reason },
    });
  });
}

import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/database';

export interface ThrottleLimits {
  /** Failed sign-ins allowed per client address in one window. */
  perAddress: number;
  /** Failed sign-ins allowed per account (email) in one window, from any address. */
  perAccount: number;
  windowSeconds: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = { perAddress: 20, perAccount: 10, windowSeconds: 15 * 60 };

/**
 * Failed sign-ins counted in the database per address and per account, in fixed windows, so every instance
 * sees the same counts. Only failures count: a team signing in from one office address is never locked out
 * by its own successes, while guessing stops after a handful of tries per account wherever it comes from.
 */
export class SignInThrottle {
  constructor(
    private readonly db: Queryable,
    readonly limits: ThrottleLimits = DEFAULT_THROTTLE,
  ) {}

  /** Seconds to wait when any of the keys has used up its failures, else null. */
  async retryAfter(keys: { address: string; account?: string | undefined }): Promise<number | null> {
    const { rows } = await this.db.query<{ key: string; failures: number; wait: number }>(
      `select key, failures, ceil(extract(epoch from window_started_at + make_interval(secs => $2) - now()))::int as wait
         from gateway.sign_in_failures
        where key = any($1) and window_started_at > now() - make_interval(secs => $2)`,
      [this.#keys(keys), this.limits.windowSeconds],
    );
    let wait: number | null = null;
    for (const row of rows) {
      const limit = row.key.startsWith('address:') ? this.limits.perAddress : this.limits.perAccount;
      if (row.failures >= limit) wait = Math.max(wait ?? 1, row.wait, 1);
    }
    return wait;
  }

  async recordFailure(keys: { address: string; account?: string | undefined }): Promise<void> {
    await this.db.query(
      `insert into gateway.sign_in_failures as f (key, window_started_at, failures)
       select key, now(), 1 from unnest($1::text[]) as key
       on conflict (key) do update set
         failures = case when f.window_started_at <= now() - make_interval(secs => $2) then 1 else f.failures + 1 end,
         window_started_at = case when f.window_started_at <= now() - make_interval(secs => $2) then now() else f.window_started_at end`,
      [this.#keys(keys), this.limits.windowSeconds],
    );
  }

  #keys(keys: { address: string; account?: string | undefined }): string[] {
    return [`address:${keys.address}`, ...(keys.account ? [accountThrottleKey(keys.account)] : [])];
  }
}

/**
 * The throttle row of an account: a hash of the email as typed (lower case), never the text itself — what
 * someone types into the email field may be a password or the organisation's API key.
 */
export function accountThrottleKey(email: string): string {
  return `account:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;
}

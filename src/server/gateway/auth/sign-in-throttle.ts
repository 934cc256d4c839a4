import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/database';
import { TooManyRequestsError } from '../errors';

export interface ThrottleLimits {
  /** Failed sign-ins allowed per client address in one window. */
  perAddress: number;
  /** Failed sign-ins allowed per account (email) in one window, from any address. */
  perAccount: number;
  windowSeconds: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = { perAddress: 20, perAccount: 10, windowSeconds: 15 * 60 };

type ThrottleKeys = { address: string; account?: string | undefined };

/** An attempt reserved under every key: it counts as a failure unless released (it was no failure). */
export interface ReservedAttempt {
  reserved: true;
  release(): Promise<void>;
}

/**
 * Failed sign-ins counted in the database per address and per account, in fixed windows, so every instance
 * sees the same counts. Only failures count: a team signing in from one office address is never locked out
 * by its own successes, while guessing stops after a handful of tries per account wherever it comes from.
 *
 * An attempt is reserved before its password or code is checked, and counts from then on: attempts sent at
 * once would otherwise all find the count below the limit before any of them had added to it (30 wrong
 * passwords at once were all checked). A success gives its reservation back.
 */
export class SignInThrottle {
  constructor(
    private readonly db: Queryable,
    readonly limits: ThrottleLimits = DEFAULT_THROTTLE,
  ) {}

  /** Seconds to wait when any of the keys has used up its failures, else null. */
  async retryAfter(keys: ThrottleKeys): Promise<number | null> {
    const { rows } = await this.db.query<{ key: string; failures: number; wait: number }>(
      `select key, failures, ceil(extract(epoch from window_started_at + make_interval(secs => $2) - now()))::int as wait
         from gateway.sign_in_failures
        where key = any($1) and window_started_at > now() - make_interval(secs => $2)`,
      [this.#keys(keys), this.limits.windowSeconds],
    );
    let wait: number | null = null;
    for (const row of rows) {
      if (row.failures >= this.#limitOf(row.key)) wait = Math.max(wait ?? 1, row.wait, 1);
    }
    return wait;
  }

  /**
   * Reserves one attempt under every key, or under none: then the seconds to wait. One conditional statement
   * counts each key up only while it is below its limit (a new window starts at 1), under the row's lock, so
   * it holds across connections and processes; the keys are taken in one order, so two attempts never wait
   * for each other's rows. A key over its limit leaves the others as they were (given back at once), so a
   * refusal is never counted as a failure.
   */
  async reserve(keys: ThrottleKeys): Promise<ReservedAttempt | { reserved: false; retryAfter: number }> {
    const wanted = this.#keys(keys).sort();
    const { rows } = await this.db.query<{ key: string }>(
      `insert into gateway.sign_in_failures as f (key, window_started_at, failures)
       select key, now(), 1 from unnest($1::text[]) as key order by key
       on conflict (key) do update set
         failures = case when f.window_started_at <= now() - make_interval(secs => $2) then 1 else f.failures + 1 end,
         window_started_at = case when f.window_started_at <= now() - make_interval(secs => $2) then now() else f.window_started_at end
       where f.window_started_at <= now() - make_interval(secs => $2)
          or f.failures < case when f.key like 'address:%' then $3::int else $4::int end
       returning f.key`,
      [wanted, this.limits.windowSeconds, this.limits.perAddress, this.limits.perAccount],
    );
    const taken = rows.map((row) => row.key);
    const release = () => this.#giveBack(taken);
    if (taken.length === wanted.length) return { reserved: true, release };
    await release();
    return { reserved: false, retryAfter: (await this.retryAfter(keys)) ?? 1 };
  }

  /** One key at a time: a statement holding one row's lock never waits for another's. */
  async #giveBack(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      await this.db.query(
        'update gateway.sign_in_failures set failures = failures - 1 where key = $1 and failures > 0',
        [key],
      );
    }
  }

  #limitOf(key: string): number {
    return key.startsWith('address:') ? this.limits.perAddress : this.limits.perAccount;
  }

  #keys(keys: ThrottleKeys): string[] {
    return [`address:${keys.address}`, ...(keys.account ? [accountThrottleKey(keys.account)] : [])];
  }
}

/** The refusal of a sign-in the throttle holds back (429), with the seconds to wait. */
export function tooManyAttempts(retryAfterSeconds: number): TooManyRequestsError {
  return new TooManyRequestsError('Too many failed sign-in attempts. Try again later.', retryAfterSeconds);
}

/**
 * The throttle row of an account: a hash of the email as typed (lower case), never the text itself — what
 * someone types into the email field may be a password or the organisation's API key.
 */
export function accountThrottleKey(email: string): string {
  return `account:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;
}

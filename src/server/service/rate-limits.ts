import type { Queryable } from '../db/database';
import { RateLimitedError } from './errors';

/**
 * Throttles per client address, counted in the database (table `rate_limit_hits`) so that every process
 * sharing it counts together. Fixed windows: a hit adds one to the counter of (bucket, address, window);
 * over the limit, the caller gets 429 with `Retry-After` = the seconds until the window ends.
 */
export interface RateRule {
  bucket: string;
  limit: number;
  windowSeconds: number;
}

function windowOf(rule: RateRule, now: Date): { start: Date; retryAfterSeconds: number } {
  const windowMs = rule.windowSeconds * 1000;
  const startMs = Math.floor(now.getTime() / windowMs) * windowMs;
  return {
    start: new Date(startMs),
    retryAfterSeconds: Math.max(1, Math.ceil((startMs + windowMs - now.getTime()) / 1000)),
  };
}

/** Counts one hit; throws RateLimitedError when this hit goes over the limit. */
export async function countHit(db: Queryable, rule: RateRule, address: string, now: Date, message: string) {
  const { start, retryAfterSeconds } = windowOf(rule, now);
  const { rows } = await db.query<{ hits: number }>(
    `insert into rate_limit_hits (bucket, address, window_start, hits) values ($1, $2, $3::timestamptz, 1)
     on conflict (bucket, address, window_start) do update set hits = rate_limit_hits.hits + 1
     returning hits`,
    [rule.bucket, address, start.toISOString()],
  );
  if ((rows[0]?.hits ?? 0) > rule.limit) throw new RateLimitedError(message, retryAfterSeconds);
}

/** Throws RateLimitedError when the address has used up the window already (counts nothing). */
export async function refuseWhenSpent(db: Queryable, rule: RateRule, address: string, now: Date, message: string) {
  const { start, retryAfterSeconds } = windowOf(rule, now);
  const { rows } = await db.query<{ hits: number }>(
    'select hits from rate_limit_hits where bucket = $1 and address = $2 and window_start = $3::timestamptz',
    [rule.bucket, address, start.toISOString()],
  );
  if ((rows[0]?.hits ?? 0) >= rule.limit) throw new RateLimitedError(message, retryAfterSeconds);
}

/** Counters of windows that ended more than a day ago are of no use. */
export async function deleteOldHits(db: Queryable, now: Date): Promise<void> {
  await db.query('delete from rate_limit_hits where window_start < $1::timestamptz', [
    new Date(now.getTime() - 86_400_000).toISOString(),
  ]);
}

import type { MiddlewareHandler } from 'hono';
import { clientAddress, peerAddress } from '../client-address';
import { apiKeyFromHeader, type ClientDirectory, keyMatches } from './auth';
import type { ServiceEnv } from './context';
import { countHit, type RateRule } from './rate-limits';

/**
 * The public group's reservation calls — `POST /cart/` (create), `POST /cart/{id}` (add) and
 * `POST /order/create` — counted per client address and minute in the database (all processes together),
 * `PUBLIC_RATE_LIMIT` (default 60) per minute, then 429 with `Retry-After`.
 *
 * A real buyer makes 3 to 5 such calls for a purchase, so one address passes 12 or more buyers a minute
 * (a household, an office, a carrier's NAT at a busy on-sale); a script reserving an event from one address
 * gets 60 calls a minute instead of hundreds a second, and its unpaid orders lapse after the payment window.
 *
 * Not counted: the organisation's own traffic. Calls without a socket peer come in-process from the
 * gateway (staff selling at the desk); no network request can arrive without one. Calls carrying the
 * client's own partner key are an integrator's back office.
 */
const RESERVATION_PATH = /^\/v1\/[^/]+\/(cart\/?|cart\/[^/]+\/?|order\/create\/?)$/;

export const publicReservations = (limit: number): RateRule => ({
  bucket: 'public-reservation',
  limit,
  windowSeconds: 60,
});

export function limitPublicReservations(directory: ClientDirectory): MiddlewareHandler<ServiceEnv> {
  return async (c, next) => {
    if (c.req.method !== 'POST' || peerAddress(c) === null || !RESERVATION_PATH.test(c.req.path)) return next();
    const deps = c.get('deps');
    const apiKey = apiKeyFromHeader(c.req.header('authorization'));
    if (apiKey) {
      const row = await directory.find(c.get('client').name);
      if (row && keyMatches(row, apiKey)) return next();
    }
    await countHit(
      deps.db,
      publicReservations(deps.publicRateLimit),
      clientAddress(c, deps.trustProxy),
      deps.now(),
      'Too many reservation requests from this address. Try again later.',
    );
    return next();
  };
}

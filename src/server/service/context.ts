import type { Logger } from 'pino';
import type { TrustProxy } from '../client-address';
import type { Database } from '../db/database';

/** A client (organisation) of the service, as routes see it. */
export interface Client {
  id: number;
  name: string;
  displayName: string;
  timeZone: string;
  currency: string;
}

/** What every service route can reach: set once per app, plus the client of the request. */
export interface ServiceDeps {
  db: Database;
  log: Logger;
  /** Holds lapse this many seconds after the last add to a cart (DESIGN.md decision 8). */
  cartTimeoutSeconds: number;
  /** Orders awaiting an online payment lapse this many seconds after checkout (PAYMENT_WINDOW_SECONDS). */
  paymentWindowSeconds: number;
  /** Whether X-Forwarded-For names the client (TRUST_PROXY); see client-address.ts. */
  trustProxy: TrustProxy;
  /** Public reservation calls per client address per minute (PUBLIC_RATE_LIMIT). */
  publicRateLimit: number;
  /** Failed partner authentications per client address per 10 minutes (PARTNER_AUTH_FAILURE_LIMIT). */
  partnerAuthFailureLimit: number;
  /** Overridable clock, so tests can move time without sleeping. */
  now: () => Date;
}

export type ServiceEnv = {
  Variables: {
    deps: ServiceDeps;
    client: Client;
  };
};

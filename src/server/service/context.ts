import type { Logger } from 'pino';
import type { Database } from './db/database';

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
  /** Overridable clock, so tests can move time without sleeping. */
  now: () => Date;
}

export type ServiceEnv = {
  Variables: {
    deps: ServiceDeps;
    client: Client;
  };
};

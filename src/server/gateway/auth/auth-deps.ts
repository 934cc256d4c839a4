import type { Context } from 'hono';
import type { Logger } from 'pino';
import type { Database } from '../../db/database';
import type { GatewayEnv } from '../access';
import type { KeyVault, Organisations } from '../connection';
import type { Principal } from '../principal';
import type { ServiceConnection } from '../service-connection';
import type { SessionStore } from './session-store';
import type { SignInThrottle } from './sign-in-throttle';

/**
 * What auth works with of the gateway's deps. Its own interface, not gateway-deps.ts's GatewayDeps: that one is
 * built from every concern's entry, auth's included, so importing it back would tie this folder into a cycle.
 */
export interface AuthDeps {
  /** The gateway's own store (schema `gateway`). */
  db: Database;
  sessions: SessionStore;
  throttle: SignInThrottle;
  /** A fresh install's setup connects the first organisation and checks its key with the service. */
  organisations: Organisations;
  service: ServiceConnection;
  vault: KeyVault;
  log: Logger;
  /** The address sign-in failures are counted by; default the TCP peer of the request. */
  clientAddress?: (c: Context) => string;
  /** Checked at every sign-in, after the person proved who they are (address rules, an organisation's SSO rule). */
  signInChecks: readonly SignInCheck[];
}

/** Why the person may not come in this way, from here (the refusal to answer); null when they may. */
export type SignInCheck = (c: Context<GatewayEnv>, principal: Principal) => Promise<Error | null>;

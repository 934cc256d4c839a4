import type { Logger } from 'pino';
import type { Connection } from '@/contract/connection';
import type { Database, Queryable } from '../../db/database';
import type { RequestAuditEntry } from '../audit';
import { GatewayError, TooManyRequestsError, UpstreamUnavailableError, ValidationError } from '../errors';
import type { Principal } from '../principal';
import type { ServiceConnection } from '../service-connection';
import { retryAfterMs, UpstreamClient } from '../upstream';
import type { Organisations } from './organisations';

/**
 * A cheap partner call that proves a key: the hall list is short, exists in every implementation of the
 * interface, and answers 401/403 for a wrong key and 404 for an unknown client.
 */
const KEY_CHECK_PATH = '/partner/hall';

const keyRefused = () =>
  ValidationError.field('apiKey', 'The Ticketing Service does not accept this client name and API key');

const unreachable = () => new GatewayError(502, 'The Ticketing Service cannot be reached. Try again later.');

/**
 * Asks the service whether `apiKey` opens the partner group of `clientName`; throws the refusal when it does
 * not (setup, key replacement): 422 on the key's field, 429 with the service's `Retry-After` when it is busy,
 * 502 when it cannot be reached or answers otherwise. The key is not logged.
 */
export async function checkApiKey(
  service: ServiceConnection,
  clientName: string,
  apiKey: string,
  gatewayOrigin: string,
): Promise<void> {
  let answer: Response;
  try {
    const upstream = UpstreamClient.forNewKey(service, clientName, apiKey, gatewayOrigin);
    answer = await upstream.send('GET', KEY_CHECK_PATH, { headers: new Headers({ accept: 'application/json' }) });
  } catch (error) {
    if (!(error instanceof UpstreamUnavailableError)) throw error;
    throw error.upstreamStatus === null ? unreachable() : keyRefused();
  }
  await answer.body?.cancel();
  if (answer.ok) return;
  if (answer.status === 404) throw keyRefused();
  if (answer.status === 429) {
    // The service's Retry-After is passed on, so the app can say when to try again.
    const wait = retryAfterMs(answer.headers.get('retry-after'));
    throw new TooManyRequestsError(
      'The Ticketing Service is busy. Try again shortly.',
      wait === null ? undefined : Math.ceil(wait / 1000),
    );
  }
  throw unreachable();
}

/** What the connection's rules work with. */
export interface ConnectionDeps {
  db: Database;
  service: ServiceConnection;
  organisations: Organisations;
  log: Logger;
}

/** The person asking, and what their request brings: the origin it came to, and its audit entry. */
export interface ConnectionCaller {
  principal: Principal;
  /** The origin the request came to (the embedded service builds its URLs from it). */
  origin: string;
  /** Records what this request did, in `tx` (the transaction of the change). */
  audit(tx: Queryable, entry: RequestAuditEntry): Promise<unknown>;
}

/** The organisation's connection to the Ticketing Service: what it is, and replacing its API key. */
export class ConnectionService {
  constructor(private readonly deps: ConnectionDeps) {}

  connection(organisationId: number): Promise<Connection | null> {
    return this.deps.organisations.summary(organisationId);
  }

  /** Replaces the organisation's key once the service has accepted it; the connection as it is then. */
  async replaceKey(caller: ConnectionCaller, apiKey: string): Promise<Connection | null> {
    const { db, organisations, service, log } = this.deps;
    const { principal } = caller;
    await checkApiKey(service, principal.clientName, apiKey, caller.origin);
    await db.transaction(async (tx) => {
      await organisations.replaceKey(principal.organisationId, apiKey, principal.accountId, tx);
      // The key itself is never recorded, not even a part of it.
      await caller.audit(tx, {
        action: 'connection',
        status: 200,
        details: { change: 'API key replaced', clientName: principal.clientName },
      });
    });
    log.info({ clientName: principal.clientName, accountId: principal.accountId }, 'organisation API key replaced');
    return this.connection(principal.organisationId);
  }
}

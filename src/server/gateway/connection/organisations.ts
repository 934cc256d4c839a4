import type { Database, Queryable } from '../../db/database';
import { GatewayError, TooManyRequestsError, UpstreamUnavailableError, ValidationError } from '../errors';
import { createPresetRoles } from '../permissions';
import type { ServiceConnection } from '../service-connection';
import { retryAfterMs, UpstreamClient } from '../upstream/upstream-client';
import type { KeyVault } from './key-vault';

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

export interface OrganisationSummary {
  id: number;
  clientName: string;
  keyChangedAt: string;
  keyChangedBy: string | null;
}

/**
 * The organisations connected to the Ticketing Service, each with its API key sealed under the master key
 * (bound to the client name). Only the upstream client ever opens it (upstream/upstream-client.ts).
 */
export class Organisations {
  constructor(
    private readonly db: Database,
    private readonly vault: KeyVault,
    /** Names the person who changed a key: auth's accountNames, passed in since auth uses this concern (setup). */
    private readonly nameAccounts: (db: Queryable, ids: number[]) => Promise<ReadonlyMap<number, { name: string }>>,
  ) {}

  /** Connects a new organisation with its preset roles; returns its id. */
  async connect(tx: Queryable, clientName: string, apiKey: string): Promise<number> {
    const { rows } = await tx.query<{ id: string }>(
      'insert into gateway.organisations (client_name, api_key_sealed) values ($1, $2) returning id',
      [clientName, this.vault.seal(apiKey, clientName)],
    );
    const id = Number(rows[0]?.id);
    await createPresetRoles(tx, id);
    return id;
  }

  async replaceKey(
    organisationId: number,
    apiKey: string,
    byAccountId: number,
    tx: Queryable = this.db,
  ): Promise<void> {
    const { rows } = await tx.query<{ client_name: string }>(
      'select client_name from gateway.organisations where id = $1',
      [organisationId],
    );
    const summary = rows[0] ? { clientName: rows[0].client_name } : null;
    if (!summary) throw new Error('unknown organisation');
    await tx.query(
      'update gateway.organisations set api_key_sealed = $2, key_changed_at = now(), key_changed_by = $3 where id = $1',
      [organisationId, this.vault.seal(apiKey, summary.clientName), byAccountId],
    );
  }

  async summary(organisationId: number): Promise<OrganisationSummary | null> {
    const { rows } = await this.db.query<{
      id: string;
      client_name: string;
      key_changed_at: Date;
      key_changed_by: string | null;
    }>('select o.id, o.client_name, o.key_changed_at, o.key_changed_by from gateway.organisations o where o.id = $1', [
      organisationId,
    ]);
    const row = rows[0];
    const changedBy = row?.key_changed_by ? Number(row.key_changed_by) : null;
    const names = changedBy === null ? new Map() : await this.nameAccounts(this.db, [changedBy]);
    return row
      ? {
          id: Number(row.id),
          clientName: row.client_name,
          keyChangedAt: new Date(row.key_changed_at).toISOString(),
          keyChangedBy: changedBy === null ? null : (names.get(changedBy)?.name ?? null),
        }
      : null;
  }

  /** Opens a sealed key read along with a session (see SessionStore.resolve). */
  openKey(sealed: Uint8Array, clientName: string): string {
    return this.vault.open(sealed, clientName);
  }

  /**
   * An organisation's client name and sealed key, for work done on its behalf without a person (schedules):
   * its upstream client opens the key (UpstreamClient.forOrganisation).
   */
  async access(
    organisationId: number,
  ): Promise<{ organisationId: number; clientName: string; sealedKey: Uint8Array } | null> {
    const { rows } = await this.db.query<{ client_name: string; api_key_sealed: Uint8Array }>(
      'select client_name, api_key_sealed from gateway.organisations where id = $1',
      [organisationId],
    );
    const row = rows[0];
    return row ? { organisationId, clientName: row.client_name, sealedKey: row.api_key_sealed } : null;
  }

  async count(): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>('select count(*)::int as n from gateway.organisations');
    return rows[0]?.n ?? 0;
  }
}

import type { Database, Queryable } from '../../db/database';
import { createPresetRoles } from '../permissions';
import {
  clientNameOf,
  countOrganisations,
  insertOrganisation,
  type OrganisationSummary,
  organisationIds,
  organisationSummary,
  sealedKeyOf,
  updateSealedKey,
} from './connection-store';
import type { KeyVault } from './key-vault';

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
    const id = await insertOrganisation(tx, clientName, this.vault.seal(apiKey, clientName));
    await createPresetRoles(tx, id);
    return id;
  }

  async replaceKey(
    organisationId: number,
    apiKey: string,
    byAccountId: number,
    tx: Queryable = this.db,
  ): Promise<void> {
    const clientName = await clientNameOf(tx, organisationId);
    if (clientName === null) throw new Error('unknown organisation');
    await updateSealedKey(tx, organisationId, this.vault.seal(apiKey, clientName), byAccountId);
  }

  async summary(organisationId: number): Promise<OrganisationSummary | null> {
    const stored = await organisationSummary(this.db, organisationId);
    if (!stored) return null;
    const changedBy = stored.keyChangedBy;
    const names =
      changedBy === null ? new Map<number, { name: string }>() : await this.nameAccounts(this.db, [changedBy]);
    return { ...stored, keyChangedBy: changedBy === null ? null : (names.get(changedBy)?.name ?? null) };
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
    const found = await sealedKeyOf(this.db, organisationId);
    return found ? { organisationId, ...found } : null;
  }

  count(): Promise<number> {
    return countOrganisations(this.db);
  }

  /** Every connected organisation's id, in order: the background work done for each (sync, warm-up). */
  ids(): Promise<number[]> {
    return organisationIds(this.db);
  }
}

import type { Queryable } from '../../db/database';

/** All SQL of gateway.organisations: the organisations connected to the Ticketing Service and their sealed keys. */

/** Adds an organisation with its sealed key; its id. */
export async function insertOrganisation(db: Queryable, clientName: string, sealedKey: Uint8Array): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    'insert into gateway.organisations (client_name, api_key_sealed) values ($1, $2) returning id',
    [clientName, sealedKey],
  );
  return Number(rows[0]?.id);
}

/** An organisation's client name (what its key is sealed for); null when there is no such organisation. */
export async function clientNameOf(db: Queryable, organisationId: number): Promise<string | null> {
  const { rows } = await db.query<{ client_name: string }>(
    'select client_name from gateway.organisations where id = $1',
    [organisationId],
  );
  return rows[0]?.client_name ?? null;
}

/** Replaces an organisation's sealed key, noting when and by whom. */
export async function updateSealedKey(
  db: Queryable,
  organisationId: number,
  sealedKey: Uint8Array,
  byAccountId: number,
): Promise<void> {
  await db.query(
    'update gateway.organisations set api_key_sealed = $2, key_changed_at = now(), key_changed_by = $3 where id = $1',
    [organisationId, sealedKey, byAccountId],
  );
}

export interface OrganisationSummary {
  id: number;
  clientName: string;
  keyChangedAt: string;
  keyChangedBy: string | null;
}

/** An organisation's connection as stored: who changed the key last is an account id (auth names it). */
export type StoredConnection = Omit<OrganisationSummary, 'keyChangedBy'> & { keyChangedBy: number | null };

/** An organisation's connection; null when there is no such organisation. */
export async function organisationSummary(db: Queryable, organisationId: number): Promise<StoredConnection | null> {
  const { rows } = await db.query<{
    id: string;
    client_name: string;
    key_changed_at: Date;
    changed_by: string | null;
  }>(
    `select o.id, o.client_name, o.key_changed_at, o.key_changed_by as changed_by
       from gateway.organisations o where o.id = $1`,
    [organisationId],
  );
  const row = rows[0];
  return row
    ? {
        id: Number(row.id),
        clientName: row.client_name,
        keyChangedAt: new Date(row.key_changed_at).toISOString(),
        keyChangedBy: row.changed_by === null ? null : Number(row.changed_by),
      }
    : null;
}

/** An organisation's client name and sealed key; null when there is no such organisation. */
export async function sealedKeyOf(
  db: Queryable,
  organisationId: number,
): Promise<{ clientName: string; sealedKey: Uint8Array } | null> {
  const { rows } = await db.query<{ client_name: string; api_key_sealed: Uint8Array }>(
    'select client_name, api_key_sealed from gateway.organisations where id = $1',
    [organisationId],
  );
  const row = rows[0];
  return row ? { clientName: row.client_name, sealedKey: row.api_key_sealed } : null;
}

/** Every connected organisation's id, in order. */
export async function organisationIds(db: Queryable): Promise<number[]> {
  const { rows } = await db.query<{ id: string }>('select id from gateway.organisations order by id');
  return rows.map((row) => Number(row.id));
}

export async function countOrganisations(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from gateway.organisations');
  return rows[0]?.n ?? 0;
}

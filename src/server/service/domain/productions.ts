import type { Production } from '@/contract/production';
import type { Queryable } from '../../db/database';
import type { Client } from '../context';
import { NotFoundError } from '../errors';
import { partnerEventsOfProduction } from './events';

export const PRODUCTION_NOT_FOUND = 'Production not found';

/** `GET /partner/production/{id}`: the production with all its events (DESIGN.md decision 5). */
export async function getProduction(
  db: Queryable,
  client: Client,
  productionId: number,
  now: Date,
): Promise<Production> {
  const { rows } = await db.query<{ id: number; title: string; artist: string | null }>(
    'select id, title, artist from productions where client_id = $1 and id = $2',
    [client.id, productionId],
  );
  const row = rows[0];
  if (!row) throw new NotFoundError(PRODUCTION_NOT_FOUND);
  return {
    productionId: row.id,
    title: row.title,
    artist: row.artist,
    events: await partnerEventsOfProduction(db, client, row.id, now),
  };
}

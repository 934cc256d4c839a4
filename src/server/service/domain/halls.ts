import type { Hall } from '@/contract/hall';
import type { Queryable } from '../../db/database';
import { NotFoundError } from '../errors';

interface HallRow {
  id: number;
  name: string;
  address: string;
  zip: string;
  city: string;
  phone: string;
  url: string;
}

const HALL_COLUMNS = 'id, name, address, zip, city, phone, url';

function toHall(row: HallRow): Hall {
  return {
    hallId: row.id,
    hallName: row.name,
    hallAddress: row.address,
    hallZip: row.zip,
    hallCity: row.city,
    hallPhone: row.phone,
    hallUrl: row.url,
  };
}

export async function listHalls(db: Queryable, clientId: number): Promise<Hall[]> {
  const { rows } = await db.query<HallRow>(`select ${HALL_COLUMNS} from halls where client_id = $1 order by id`, [
    clientId,
  ]);
  return rows.map(toHall);
}

export async function getHall(db: Queryable, clientId: number, hallId: number): Promise<Hall> {
  const { rows } = await db.query<HallRow>(`select ${HALL_COLUMNS} from halls where client_id = $1 and id = $2`, [
    clientId,
    hallId,
  ]);
  if (!rows[0]) throw new NotFoundError('Hall not found');
  return toHall(rows[0]);
}

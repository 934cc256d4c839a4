import type { WaitinglistExport } from '@/contract/waiting-list';
import type { Queryable } from '../../db/database';
import type { Client } from '../context';
import { customersById } from './customers';
import { type PageFilter, type PageOf, pageOfClientRows } from './exports';
import { zonedIso } from './zoned-timestamps';

interface WaitingRow {
  id: number;
  customer_id: number;
  event_id: number;
  number_of_tickets: number;
  type: string;
  created_at: Date;
  notified_at: Date | null;
}

const WAITING_COLUMNS = 'id, customer_id, event_id, number_of_tickets, type, created_at, notified_at';

/**
 * `POST /partner/export/waitinglist`: by (created_at, id) ascending; `changedSince` filters on created_at,
 * the high-watermark spec 4.2 names for waiting-list entries.
 */
export async function exportWaitingList(
  db: Queryable,
  client: Client,
  filter: PageFilter,
): Promise<PageOf<WaitinglistExport>> {
  const page = await pageOfClientRows<WaitingRow>(
    db,
    { table: 'waiting_list', columns: WAITING_COLUMNS, changedColumn: 'created_at', sortColumn: 'created_at' },
    client.id,
    filter,
  );
  const users = await customersById(
    db,
    client,
    page.rows.map((row) => row.customer_id),
  );
  const rows: WaitinglistExport[] = [];
  for (const row of page.rows) {
    const user = users.get(row.customer_id);
    // customer_id is a foreign key to a customer of the same client, so the user is always there.
    if (!user) throw new Error(`waiting-list entry ${row.id} has no customer of its client`);
    rows.push({
      waitingId: row.id,
      customerId: row.customer_id,
      eventId: row.event_id,
      numberOfTickets: row.number_of_tickets,
      type: row.type,
      createdAt: zonedIso(row.created_at, client.timeZone),
      notifiedAt: row.notified_at ? zonedIso(row.notified_at, client.timeZone) : null,
      user,
    });
  }
  return { total: page.total, rows };
}

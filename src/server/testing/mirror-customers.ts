import type { Customer } from '../../contract/customer';
import type { Queryable } from '../db/database';
import { upsertCustomers } from '../gateway/mirror';
import { Calendar } from '../service/db/seed/calendar';
import { buildCustomers } from '../service/db/seed/customers';
import { Prng } from '../service/db/seed/prng';
import { emptyTables, IdAllocator } from '../service/db/seed/tables';
import { toCustomer } from './customer-json';

/** The demo client's tags (seed/generate.ts), which the generated customers hold in realistic shares. */
const TAGS = [
  'Nieuwsbrief',
  'Vriend',
  'Abonnee',
  'CJP',
  'Student',
  'Pers',
  'VIP',
  'Groep',
  'Docent',
  'Medewerker',
  'Havenpas',
  'Buurtbewoner',
  'Vrijwilliger',
  'Sponsor',
];

/**
 * `count` customers as the service's export returns them: the demo seed's generator (Dutch names, emails,
 * phones in national and international form, zips, tags, legacy prefs), deterministic for a seed. For search
 * tests and the search benchmark, which fill gateway.mirror_customers with them directly.
 */
export function generateCustomers(count: number, options: { seed?: number; firstId?: number } = {}): Customer[] {
  const rows = buildCustomers(
    {
      scale: 'demo',
      rng: new Prng(options.seed ?? 2026),
      ids: new IdAllocator({ customers: (options.firstId ?? 1) - 1 }),
      tables: emptyTables(),
      calendar: new Calendar('2026-11-26'),
    },
    1,
    count,
    TAGS,
    'CRM',
  );
  return rows.map((row) => toCustomer({ ...row, last_changed: new Date(row.last_changed) }, 'Europe/Amsterdam'));
}

/** Rows per statement when filling the mirror. */
const BATCH = 5_000;

/** Writes customers into the organisation's mirror as the sync does (mirror-store.ts), in batches. */
export async function fillMirror(db: Queryable, organisationId: number, customers: readonly Customer[]): Promise<void> {
  for (let start = 0; start < customers.length; start += BATCH) {
    await upsertCustomers(db, organisationId, customers.slice(start, start + BATCH));
  }
}

import type { Calendar } from './calendar';
import type { Prng } from './prng';
import type { IdAllocator, SeedTables } from './tables';

export type SeedScale = 'demo' | 'test';

/** What every generator writes into: the in-memory tables, the id allocator, the PRNG and the calendar. */
export interface SeedContext {
  scale: SeedScale;
  rng: Prng;
  ids: IdAllocator;
  tables: SeedTables;
  calendar: Calendar;
}

import { setTimeout as sleep } from 'node:timers/promises';
import { answeringPeople, type Database } from '../../db/database';

/**
 * How a sync's database work shares a server with the people using Foyer. The embedded database gives way
 * statement by statement instead (db/database.ts, withInteractivePriority): there the pace never pauses and
 * never takes two connections.
 */
export interface SyncPace {
  /** Whether the work may take two connections at once now: on a server, while nobody is being answered. */
  sideBySide(): boolean;
  /** Whether the work gives way now: on a server, while a person's request is being answered. */
  besideDesk(): boolean;
  /**
   * After a step begun at `stepStarted` (performance.now()): beside a busy desk, the pause that keeps the sync to its
   * share. Rejects when the pace's signal aborts meanwhile.
   */
  giveWay(stepStarted: number): Promise<void>;
}

/**
 * The share of the time a sync works while people are being answered on a server: after each step (a round of
 * pages, a statement of a first sync's end passes) it pauses three times as long as the step took, three seconds
 * at most, and asks for its next pages only then. Beside a first sync of 100,000 customers (bench:mirror,
 * BENCH_PARTS=load, load 2.1-3.8), the p95 of forwarded reads was 1.37-1.67 times that without a sync with a
 * pause as long as the step (half the time, five runs); 0.96-1.39 with a quarter, the next pages asked for during
 * the pause (eight runs); 1.03-1.13 with them asked for after it (two runs, ABAB). Sales: 1.04-1.45, 0.91-1.22 and
 * 0.84-1.00; the desk answered 77-85 %, 84-100 % and 96-100 % as many reads as without a sync.
 * The sync alone goes at full speed: it pauses only while someone is waiting.
 */
const SHARE_BESIDE_DESK = 0.25;
const DESK_PAUSE_MAX_MS = 3000;

/**
 * Two writers (then the two end passes) beside the desk took the machine's two cores, and a sale's p95 went to
 * 2.4-3.1 times that without a sync (bench:mirror at 100,000 customers, load 8-11; 1.1-2.2 with one): beside the
 * desk the sync takes one connection, and its share of the time.
 */
export function syncPace(
  db: Pick<Database, 'kind'>,
  options: { signal?: AbortSignal; sleep?: ((ms: number) => Promise<void>) | undefined } = {},
): SyncPace {
  const onServer = db.kind === 'postgres';
  // A sync that stops (the mirror stopping with the process) does not sit out its pause; tests record it instead.
  const pause = options.sleep ?? ((ms: number) => sleep(ms, undefined, { signal: options.signal }));
  const besideDesk = () => onServer && answeringPeople();
  return {
    sideBySide: () => onServer && !answeringPeople(),
    besideDesk,
    giveWay: async (stepStarted) => {
      if (!besideDesk()) return;
      const took = performance.now() - stepStarted;
      await pause(Math.min(DESK_PAUSE_MAX_MS, took * (1 / SHARE_BESIDE_DESK - 1)));
    },
  };
}

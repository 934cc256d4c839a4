import pLimit from 'p-limit';
import type { Logger } from 'pino';
import { isDatedEvent } from '@/contract/event-kinds';
import { type Database, inBackground, type Queryable } from '../../db/database';
import { RepeatingWork } from '../../repeating-work';
import { lastCompleteSync } from '../mirror';
import type { ServiceConnection } from '../service-connection';
import { type KeyOpener, UpstreamClient } from '../upstream';
import {
  type CatalogEvent,
  DETAIL_TTL_MS,
  type EventCatalog,
  eventListPath,
  HALLS_TTL_MS,
  LIST_TTL_MS,
  parseEventList,
} from './event-catalog';

/** Where the keeper finds the organisations and opens their keys (connection/Organisations). */
export interface KeptOrganisations extends KeyOpener {
  ids(): Promise<number[]>;
  access(organisationId: number): Promise<{ organisationId: number; clientName: string; sealedKey: Uint8Array } | null>;
}

export interface SharedReadKeeperOptions {
  db: Database;
  service: ServiceConnection;
  organisations: KeptOrganisations;
  catalog: EventCatalog;
  log: Logger;
  /** Seconds between the mirror's sync rounds: a kept answer that would be stale before the next is read again. */
  syncIntervalSeconds: number;
  /** How often the keeper looks for a finished sync round. */
  intervalMs?: number;
}

/**
 * The performances whose availability is kept: the dashboard loads it for its first eight (today's and the next
 * ones, src/web/features/dashboard); a few more cover a person's calendar day beginning before the keeper's.
 */
const KEPT_DETAILS = 12;
/** Performances that began this long ago still count as today's (a matinee seen from the evening's desk). */
const TODAY_BEGAN_MS = 12 * 3600_000;
/** Detail reads at once: polite to the service. */
const DETAIL_CONCURRENCY = 4;
const DAY_MS = 86_400_000;

/** A dashboard's range list (`/partner/event?startDate=…&endDate=…`) and its first day, else null. */
function rangeStart(path: string): string | null {
  return /^\/partner\/event\?startDate=(\d{4}-\d{2}-\d{2})&endDate=\d{4}-\d{2}-\d{2}$/.exec(path)?.[1] ?? null;
}

/**
 * Moves the organisation's mark to `syncedAt` when it is behind it: true for the one instance that moved it (it
 * refreshes this round), false when another did or the round was refreshed already.
 */
async function claimRound(db: Queryable, organisationId: number, syncedAt: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `insert into gateway.shared_read_rounds as r (organisation_id, synced_at) values ($1, $2)
     on conflict (organisation_id) do update set synced_at = excluded.synced_at where r.synced_at < excluded.synced_at`,
    [organisationId, syncedAt],
  );
  return rowCount === 1;
}

/**
 * Keeps what every person's dashboard reads fresh in the organisation's shared reads after each mirror sync round
 * (issue 32: the dashboard's event list, halls and five to eight event details made an organisation's first person
 * of the day cost the service ten requests): the halls, every event (the labels of the analysis and the orders),
 * the dashboard ranges asked for today, and the availability of the next performances. Each kept answer is read
 * again only when it would be stale before the next round, so a person signing in finds it fresh; the mark in
 * gateway.shared_read_rounds makes one instance do each round.
 */
export class SharedReadKeeper {
  readonly #options: SharedReadKeeperOptions;
  readonly #work: RepeatingWork;

  constructor(options: SharedReadKeeperOptions) {
    this.#options = options;
    this.#work = new RepeatingWork({
      intervalMs: options.intervalMs ?? 5_000,
      round: () => inBackground(() => this.refreshDue()),
      onError: (error) => options.log.warn({ err: error }, 'shared reads not refreshed'),
    });
  }

  start(): void {
    this.#work.start();
  }

  stop(): Promise<void> {
    return this.#work.stop();
  }

  /** Refreshes the organisations whose mirror finished a sync round since their last refresh; how many it did. */
  async refreshDue(): Promise<number> {
    const { db, organisations } = this.#options;
    let refreshed = 0;
    for (const organisationId of await organisations.ids()) {
      const syncedAt = await lastCompleteSync(db, organisationId);
      if (!syncedAt || !(await claimRound(db, organisationId, syncedAt))) continue;
      const access = await organisations.access(organisationId);
      if (!access) continue;
      try {
        await this.refresh(UpstreamClient.forOrganisation(this.#options, access));
        refreshed += 1;
      } catch (error) {
        // The service may be down for a moment: a person's read then asks it, and the next round tries again.
        this.#options.log.warn({ err: error, organisationId }, 'shared reads not refreshed');
      }
    }
    return refreshed;
  }

  /** Reads again what would be stale before the next round: halls, every event, today's ranges, availability. */
  async refresh(upstream: UpstreamClient): Promise<void> {
    const { catalog, syncIntervalSeconds } = this.#options;
    const ages = await catalog.keptAges(upstream.organisationId);
    const ahead = syncIntervalSeconds * 1000;
    const due = (path: string, ttlMs: number) => (ages.get(path) ?? Number.POSITIVE_INFINITY) > ttlMs - ahead;
    const keep = (path: string, ttlMs: number) => (due(path, ttlMs) ? catalog.keep(upstream, path) : null);
    const now = Date.now();
    // A range starting yesterday (by the clock here) may be today somewhere west of it.
    const yesterday = new Date(now - DAY_MS).toISOString().slice(0, 10);
    const ranges = [...ages.keys()].filter((path) => (rangeStart(path) ?? '') >= yesterday);
    await Promise.all([keep('/partner/hall', HALLS_TTL_MS), ...ranges.map((path) => keep(path, LIST_TTL_MS))]);
    const every = parseEventList(
      (await keep(eventListPath(), LIST_TTL_MS)) ?? (await catalog.read(upstream, eventListPath(), LIST_TTL_MS)),
    );
    const next = nextPerformances(every, now);
    const limit = pLimit(DETAIL_CONCURRENCY);
    await Promise.all(next.map((eventId) => limit(() => keep(`/partner/event/${eventId}`, DETAIL_TTL_MS))));
  }
}

/** The ids of the first KEPT_DETAILS events dated today and after (as the dashboard lists them), in start order. */
function nextPerformances(events: readonly CatalogEvent[], now: number): number[] {
  const from = now - TODAY_BEGAN_MS;
  return events
    .filter((event) => isDatedEvent(event) && Date.parse(event.start) >= from)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || a.eventId - b.eventId)
    .slice(0, KEPT_DETAILS)
    .map((event) => event.eventId);
}

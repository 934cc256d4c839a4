import type { ServiceRead } from './print-data';

/**
 * What a print reads of a performance beside its order — the event, its hall, the sections of its seat plan —
 * hardly changes while the show sells, and a seat plan of a large hall is the costliest read of a print. Kept
 * a minute per organisation, in this process only (a cache: nothing is lost without it), so a busy desk
 * selling one show reads them once a minute rather than on every sale.
 */
const STABLE_PATH = /^\/partner\/(event|hall|seating)\/\d+$/;
const KEEP_MS = 60_000;
const MAX_ENTRIES = 200;

export class StableReads {
  readonly #kept = new Map<string, { at: number; value: Promise<unknown> }>();

  /** `read`, with the stable reads of `organisationId` answered from what was kept. */
  wrap(organisationId: number, read: ServiceRead): ServiceRead {
    return (method, pathAndQuery, body) => {
      if (method !== 'GET' || !STABLE_PATH.test(pathAndQuery)) return read(method, pathAndQuery, body);
      const key = `${organisationId}:${pathAndQuery}`;
      const now = Date.now();
      const kept = this.#kept.get(key);
      if (kept && now - kept.at < KEEP_MS) return kept.value;
      const value = read(method, pathAndQuery, body);
      this.#kept.delete(key);
      this.#kept.set(key, { at: now, value });
      // A failed read is not kept.
      value.catch(() => this.#kept.delete(key));
      if (this.#kept.size > MAX_ENTRIES) this.#kept.delete(this.#kept.keys().next().value as string);
      return value;
    };
  }
}

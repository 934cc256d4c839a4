import type { ServiceConnection } from '../service-connection';
import { retryAfterMs } from '../upstream';

/**
 * The customer jobs' one limit towards the service: at most `callsPerSecond` calls, evenly spaced, over every
 * job this process runs; a 429 (or a 503 with `Retry-After`) holds every call until the time it names, not only
 * the one that met it. Each call takes the next free slot; how many are in flight at once is the runner's
 * p-limit.
 */
export class CallPacer {
  readonly #gapMs: number;
  #nextSlot = 0;
  #heldUntil = 0;

  constructor(
    callsPerSecond: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.#gapMs = 1000 / callsPerSecond;
  }

  /** Resolves at this call's slot. */
  async turn(): Promise<void> {
    for (;;) {
      const now = this.now();
      const slot = Math.max(now, this.#nextSlot, this.#heldUntil);
      this.#nextSlot = slot + this.#gapMs;
      if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
      // A hold that came while this call waited for its slot: wait it out too, for a slot after it.
      if (this.now() >= this.#heldUntil) return;
    }
  }

  /** No call before `ms` from now. */
  holdFor(ms: number): void {
    this.#heldUntil = Math.max(this.#heldUntil, this.now() + ms);
  }

  /** `service` with every call paced, and a busy answer's `Retry-After` held for all. */
  paced(service: ServiceConnection): ServiceConnection {
    return {
      fetch: async (pathAndQuery, init, origin) => {
        await this.turn();
        const answer = await service.fetch(pathAndQuery, init, origin);
        const wait = retryAfterMs(answer.headers.get('retry-after'));
        if (answer.status === 429 || (answer.status === 503 && wait !== null)) this.holdFor(wait ?? 1000);
        return answer;
      },
      baseUrl: (origin) => service.baseUrl(origin),
      prepared: (answer) => service.prepared(answer),
    };
  }
}

/** RepeatingWork's settings: how often, what one round does, and where a failed round is told. */
export interface RepeatingWorkOptions {
  intervalMs: number;
  /** One round: does what is due and resolves with how much it did. */
  round: () => Promise<number>;
  /** A round that failed when no one awaited it (the timer's or a poke's); the next one tries again. */
  onError: (error: unknown) => void;
}

/**
 * Background work that runs every `intervalMs` once started and at once on `poke` (after whatever made some due: a
 * job made, "run now", "scan again"). Never two rounds at a time: asked again during a round, it runs one more after
 * it, so what became due meanwhile does not wait for the next interval. The export schedules, the customer jobs and
 * the duplicate scan run on it; what each does in a round stays with its concern.
 */
export class RepeatingWork {
  readonly #options: RepeatingWorkOptions;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<number> | null = null;
  #again = false;

  constructor(options: RepeatingWorkOptions) {
    this.#options = options;
  }

  get started(): boolean {
    return this.#timer !== null;
  }

  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => this.poke(), this.#options.intervalMs);
    this.#timer.unref();
    this.poke();
  }

  /** Stops the timer and waits for the round under way, whatever its outcome (told to onError already). */
  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.idle();
  }

  /** Runs now without waiting for it. */
  poke(): void {
    this.run().catch(this.#options.onError);
  }

  /** Settles when the round under way, if any, has ended. */
  async idle(): Promise<void> {
    await this.#running?.catch(() => undefined);
  }

  /** Runs rounds until one starts with nothing asked meanwhile; resolves with what they did together. */
  run(): Promise<number> {
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    const rounds = async () => {
      let done = 0;
      do {
        this.#again = false;
        done += await this.#options.round();
      } while (this.#again);
      return done;
    };
    this.#running = rounds().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }
}

/** How long a run on a busy key waits for more calls. */
export const LINGER_MS = 8;
/** A key whose last run ended less than this ago is busy. */
const BUSY_WITHIN_MS = 50;

/**
 * Calls that come while one of their kind is under way wait for it, and then go together in one run — as a
 * database's group commit; the audit trail's grouped appends are one too. Under load, twenty desks' checkouts then cost
 * the database one statement and one commit, Foyer one write to its socket, instead of one each: on a shared
 * two-core machine a round trip's system calls were most of the gateway's busy time in a sale (issue 32's CPU
 * profile). A call on a quiet key goes at once; keys (organisations) never wait for each other.
 *
 * On a busy key (its last run ended less than BUSY_WITHIN_MS ago) the run waits LINGER_MS (or its `lingerMs`) for
 * more calls before it goes, as PostgreSQL's `commit_delay` waits only when other transactions are active. At
 * twenty desks a run in flight gathered the calls of its few milliseconds; with the wait it takes those of eight
 * more (bench:selling, path C against path B, two runs each way in turn: 8.2-8.3 statements per sale instead of
 * 9.3, 0.62-0.63 of the service's sales/s instead of 0.52-0.60, and a quicker median answer, as less of the machine
 * went on round trips; a wait of 4 ms gathered less, one of 16 slowed the desks more than it saved). A desk alone,
 * whose calls come seconds apart, never waits.
 *
 * `run` gets the inputs in the order they came and answers one output per input, in that order. When a run of
 * more than one fails, each of its inputs runs again alone, so a call's failure is its own: a run must be safe to
 * repeat (a read, an upsert, an insert that skips what is there).
 */
export class Together<Input, Output> {
  readonly #waiting = new Map<number, Pending<Input, Output>[]>();
  /** When each key's last run ended (performance.now()). */
  readonly #lastRunEnded = new Map<number, number>();

  readonly #most: number;
  readonly #retryAlone: (error: unknown) => boolean;
  readonly #lingerMs: number;

  constructor(
    private readonly run: (key: number, inputs: readonly Input[]) => Promise<readonly Output[]>,
    options: TogetherOptions = {},
  ) {
    this.#most = options.most ?? 100;
    this.#retryAlone = options.retryAlone ?? (() => true);
    this.#lingerMs = options.lingerMs ?? LINGER_MS;
  }

  call(key: number, input: Input): Promise<Output> {
    return new Promise((resolve, reject) => {
      const waiting = this.#waiting.get(key);
      if (waiting) {
        waiting.push({ input, resolve, reject });
        return;
      }
      this.#waiting.set(key, [{ input, resolve, reject }]);
      const ended = this.#lastRunEnded.get(key);
      if (ended !== undefined && performance.now() - ended < BUSY_WITHIN_MS)
        setTimeout(() => void this.#drain(key), this.#lingerMs);
      else void this.#drain(key);
    });
  }

  /** Runs the key's waiting calls, batch after batch, until none is left. Never rejects. */
  async #drain(key: number): Promise<void> {
    for (;;) {
      const batch = this.#waiting.get(key)?.splice(0, this.#most) ?? [];
      if (batch.length === 0) {
        this.#waiting.delete(key);
        this.#lastRunEnded.set(key, performance.now());
        return;
      }
      try {
        const outputs = await this.#runChecked(key, batch);
        for (const [n, pending] of batch.entries()) pending.resolve(outputs[n] as Output);
      } catch (error) {
        if (batch.length === 1 || !this.#retryAlone(error)) for (const pending of batch) pending.reject(error);
        else
          for (const pending of batch)
            await this.#runChecked(key, [pending]).then(
              ([output]) => pending.resolve(output as Output),
              pending.reject,
            );
      }
    }
  }

  async #runChecked(key: number, batch: readonly Pending<Input, Output>[]): Promise<readonly Output[]> {
    const outputs = await this.run(
      key,
      batch.map((pending) => pending.input),
    );
    if (outputs.length !== batch.length) throw new Error(`a grouped run answered ${outputs.length} of ${batch.length}`);
    return outputs;
  }
}

export interface TogetherOptions {
  /** The most inputs of one run (100). */
  most?: number;
  /** Whether a failed run's inputs go again one by one (no: each fails with the run's error). Yes by default. */
  retryAlone?: (error: unknown) => boolean;
  /**
   * How long a run on a busy key waits for more calls (LINGER_MS). 0 for calls that come in bursts of their own,
   * all in one turn of the event loop: the run then takes the burst and waits no longer.
   */
  lingerMs?: number;
}

interface Pending<Input, Output> {
  input: Input;
  resolve: (output: Output) => void;
  reject: (reason: unknown) => void;
}

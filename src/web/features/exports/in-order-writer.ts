/**
 * Pages arrive in completion order (several are fetched at once) but must reach the file in page order.
 * `accept(page, chunk)` parks a page until every page before it has been written, then writes it; its
 * promise settles when that page is written. A caller that awaits it (a fetch worker) pauses until its page
 * is out, so at most about as many pages wait as there are workers: memory stays flat.
 */
export class InOrderWriter<Chunk> {
  private nextPage: number;
  private readonly parked = new Map<number, { chunk: Chunk; settle: Settle }>();
  private draining = false;
  private failure: { error: unknown } | null = null;

  constructor(
    private readonly write: (chunk: Chunk, page: number) => void | Promise<void>,
    firstPage = 1,
  ) {
    this.nextPage = firstPage;
  }

  accept(page: number, chunk: Chunk): Promise<void> {
    if (this.failure) return Promise.reject(this.failure.error);
    if (page < this.nextPage || this.parked.has(page)) {
      return Promise.reject(new Error(`page ${page} was given twice`));
    }
    return new Promise<void>((resolve, reject) => {
      this.parked.set(page, { chunk, settle: { resolve, reject } });
      void this.drain();
    });
  }

  /** Pages still waiting for an earlier page. */
  get pending(): number {
    return this.parked.size;
  }

  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      for (let entry = this.parked.get(this.nextPage); entry; entry = this.parked.get(this.nextPage)) {
        this.parked.delete(this.nextPage);
        try {
          await this.write(entry.chunk, this.nextPage);
        } catch (error) {
          // A failed write ends the file: this page and every parked one fail with it.
          this.failure = { error };
          entry.settle.reject(error);
          for (const parked of this.parked.values()) parked.settle.reject(error);
          this.parked.clear();
          return;
        }
        this.nextPage += 1;
        entry.settle.resolve();
      }
    } finally {
      this.draining = false;
    }
  }
}

interface Settle {
  resolve: () => void;
  reject: (error: unknown) => void;
}

export type BulkTagAction = 'add' | 'remove';

export interface BulkTagTarget {
  customerId: number;
}

export type BulkTagOutcome<Target extends BulkTagTarget> =
  /** `changed`: false when the customer already had (or lacked) the tag, so nothing was written. */
  { target: Target; ok: true; changed: boolean; tags: string[] } | { target: Target; ok: false; error: unknown };

export interface BulkTagOptions<Target extends BulkTagTarget> {
  targets: readonly Target[];
  tag: string;
  action: BulkTagAction;
  /** Requests in flight at once. */
  concurrency?: number;
  signal?: AbortSignal;
  /** The customer's tags as the service holds them now. */
  readTags: (customerId: number, signal: AbortSignal) => Promise<string[]>;
  /** Replaces the customer's tags (the POST has set semantics); returns the list as stored. */
  writeTags: (customerId: number, tags: string[], signal: AbortSignal) => Promise<string[]>;
  /** Each result as it comes in, so the screen updates customer by customer. */
  onOutcome: (outcome: BulkTagOutcome<Target>) => void;
}

/** The tag list after the change; null when nothing needs to change. */
export function changedTags(current: readonly string[], tag: string, action: BulkTagAction): string[] | null {
  const has = current.includes(tag);
  if (action === 'add') return has ? null : [...current, tag];
  return has ? current.filter((existing) => existing !== tag) : null;
}

/**
 * Adds or removes one tag for many customers. The tag endpoint replaces the whole list, so each customer's
 * current tags are read first and only the one tag changes: a tag set elsewhere meanwhile is kept. Customers
 * run in parallel up to `concurrency`; a failure is reported for that customer and the rest go on; aborting
 * stops starting new ones (those in flight are aborted too). Resolves when all are done or the run stopped.
 */
export async function runBulkTagChange<Target extends BulkTagTarget>(options: BulkTagOptions<Target>): Promise<void> {
  const { targets, tag, action, readTags, writeTags, onOutcome } = options;
  const concurrency = Math.max(1, options.concurrency ?? 6);
  const signal = options.signal ?? new AbortController().signal;
  let next = 0;
  const worker = async () => {
    while (next < targets.length && !signal.aborted) {
      const target = targets[next++] as Target;
      try {
        const current = await readTags(target.customerId, signal);
        const wanted = changedTags(current, tag, action);
        const tags = wanted === null ? current : await writeTags(target.customerId, wanted, signal);
        onOutcome({ target, ok: true, changed: wanted !== null, tags });
      } catch (error) {
        // Stopped by the person: not a failure of this customer; it simply was not done.
        if (signal.aborted) return;
        onOutcome({ target, ok: false, error });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, targets.length) }, worker));
}

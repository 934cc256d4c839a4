import { describe, expect, it } from 'vitest';
import { type BulkTagOutcome, changedTags, runBulkTagChange } from './bulk-tags';

describe('changedTags', () => {
  it('adds or removes one tag and leaves the others, or says there is nothing to do', () => {
    expect(changedTags(['a', 'b'], 'c', 'add')).toEqual(['a', 'b', 'c']);
    expect(changedTags(['a', 'c'], 'c', 'add')).toBeNull();
    expect(changedTags(['a', 'c', 'b'], 'c', 'remove')).toEqual(['a', 'b']);
    expect(changedTags(['a'], 'c', 'remove')).toBeNull();
  });
});

function fakeService(initial: Record<number, string[]>, failFor: Set<number> = new Set()) {
  const tags = new Map(Object.entries(initial).map(([id, list]) => [Number(id), [...list]]));
  let inFlight = 0;
  let maxInFlight = 0;
  const writes: number[] = [];
  const track = async <T>(work: () => T): Promise<T> => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 1));
    inFlight -= 1;
    return work();
  };
  return {
    tags,
    writes,
    maxInFlight: () => maxInFlight,
    readTags: (id: number) => track(() => [...(tags.get(id) ?? [])]),
    writeTags: (id: number, list: string[]) =>
      track(() => {
        if (failFor.has(id)) throw new Error(`refused ${id}`);
        writes.push(id);
        tags.set(id, list);
        return list;
      }),
  };
}

describe('runBulkTagChange', () => {
  it('changes only the one tag, skips customers that need nothing, reports each outcome, keeps the limit', async () => {
    const service = fakeService({ 1: ['a'], 2: ['vip'], 3: [], 4: ['b', 'c'], 5: ['d'] }, new Set([5]));
    const outcomes: BulkTagOutcome<{ customerId: number }>[] = [];
    await runBulkTagChange({
      targets: [1, 2, 3, 4, 5].map((customerId) => ({ customerId })),
      tag: 'vip',
      action: 'add',
      concurrency: 2,
      readTags: service.readTags,
      writeTags: service.writeTags,
      onOutcome: (outcome) => outcomes.push(outcome),
    });
    expect(service.tags.get(1)).toEqual(['a', 'vip']);
    expect(service.tags.get(4)).toEqual(['b', 'c', 'vip']);
    expect(service.writes).not.toContain(2);
    expect(outcomes).toHaveLength(5);
    const failed = outcomes.filter((outcome) => !outcome.ok);
    expect(failed.map((outcome) => outcome.target.customerId)).toEqual([5]);
    // The customer who had the tag already is done, but not changed (the dialog said "gelukt" for such).
    const unchanged = outcomes.filter((outcome) => outcome.ok && !outcome.changed);
    expect(unchanged.map((outcome) => outcome.target.customerId)).toEqual([2]);
    expect(service.maxInFlight()).toBeLessThanOrEqual(2);
  });

  it('stops starting customers once aborted, without reporting them as failed', async () => {
    const service = fakeService(Object.fromEntries(Array.from({ length: 20 }, (_, id) => [id, ['x']])));
    const controller = new AbortController();
    const outcomes: BulkTagOutcome<{ customerId: number }>[] = [];
    await runBulkTagChange({
      targets: Array.from({ length: 20 }, (_, customerId) => ({ customerId })),
      tag: 'x',
      action: 'remove',
      concurrency: 2,
      signal: controller.signal,
      readTags: service.readTags,
      writeTags: service.writeTags,
      onOutcome: (outcome) => {
        outcomes.push(outcome);
        if (outcomes.length === 4) controller.abort();
      },
    });
    expect(outcomes.length).toBeGreaterThanOrEqual(4);
    expect(outcomes.length).toBeLessThan(20);
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
  });
});

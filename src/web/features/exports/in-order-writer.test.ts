import { describe, expect, it } from 'vitest';
import { InOrderWriter } from './in-order-writer';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('InOrderWriter', () => {
  it('writes pages in page order whatever order they arrive in', async () => {
    const written: string[] = [];
    const writer = new InOrderWriter<string>((chunk) => {
      written.push(chunk);
    });
    const done = [writer.accept(3, 'c'), writer.accept(1, 'a'), writer.accept(4, 'd'), writer.accept(2, 'b')];
    await Promise.all(done);
    expect(written).toEqual(['a', 'b', 'c', 'd']);
  });

  it('a page ahead waits (its promise stays open) until the pages before it are written', async () => {
    const written: number[] = [];
    const writer = new InOrderWriter<number>((chunk) => {
      written.push(chunk);
    });
    let thirdDone = false;
    const third = writer.accept(3, 3).then(() => {
      thirdDone = true;
    });
    await writer.accept(1, 1);
    await tick();
    expect(thirdDone).toBe(false);
    expect(writer.pending).toBe(1);
    await writer.accept(2, 2);
    await third;
    expect(written).toEqual([1, 2, 3]);
    expect(writer.pending).toBe(0);
  });

  it('waits for a slow write before starting the next one', async () => {
    const events: string[] = [];
    const writer = new InOrderWriter<string>(async (chunk) => {
      events.push(`start ${chunk}`);
      await new Promise((resolve) => setTimeout(resolve, chunk === 'a' ? 20 : 0));
      events.push(`end ${chunk}`);
    });
    await Promise.all([writer.accept(1, 'a'), writer.accept(2, 'b')]);
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b']);
  });

  it('a failed write fails that page, the parked ones and every later one', async () => {
    const writer = new InOrderWriter<string>((chunk) => {
      if (chunk === 'b') throw new Error('disk full');
    });
    const later = writer.accept(3, 'c');
    await writer.accept(1, 'a');
    await expect(writer.accept(2, 'b')).rejects.toThrow('disk full');
    await expect(later).rejects.toThrow('disk full');
    await expect(writer.accept(4, 'd')).rejects.toThrow('disk full');
  });

  it('refuses a page given twice', async () => {
    const writer = new InOrderWriter<string>(() => undefined);
    await writer.accept(1, 'a');
    await expect(writer.accept(1, 'again')).rejects.toThrow(/twice/);
  });
});

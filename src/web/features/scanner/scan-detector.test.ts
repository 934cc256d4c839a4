import { describe, expect, it } from 'vitest';
import { ScanDetector } from './scan-detector';

/** Feeds `text` as keys `gap` ms apart from `start`, then Enter after `enterGap`; the verdicts in order. */
function feed(detector: ScanDetector, text: string, gap: number, enterGap = gap, start = 1000) {
  const verdicts = [...text].map((key, index) => detector.key(key, start + index * gap));
  verdicts.push(detector.key('Enter', start + (text.length - 1) * gap + enterGap));
  return verdicts;
}

describe('the scan detector', () => {
  it('takes a fast burst ending in Enter for a scan: its first key passes, the others are held, Enter gives the code', () => {
    const verdicts = feed(new ScanDetector(), 'k3Y9aQ2m', 8);
    expect(verdicts[0]).toEqual({ action: 'pass', release: [] });
    expect(verdicts.slice(1, -1).every((verdict) => verdict.action === 'hold')).toBe(true);
    expect(verdicts.at(-1)).toEqual({ action: 'scan', code: 'k3Y9aQ2m' });
  });

  it('leaves a person typing alone: keys 120 ms apart all pass, and so does their Enter', () => {
    const verdicts = feed(new ScanDetector(), 'anna@example.org', 120);
    expect(verdicts.every((verdict) => verdict.action === 'pass')).toBe(true);
    expect(verdicts.flatMap((verdict) => ('release' in verdict ? verdict.release : []))).toEqual([]);
  });

  it('gives back what it held when a fast burst pauses, and the next key starts afresh', () => {
    const detector = new ScanDetector();
    expect(detector.key('a', 0).action).toBe('pass');
    expect(detector.key('b', 10).action).toBe('hold');
    expect(detector.key('c', 20).action).toBe('hold');
    expect(detector.expire(60)).toEqual([]);
    expect(detector.expire(80)).toEqual(['b', 'c']);
    expect(detector.key('d', 200)).toEqual({ action: 'pass', release: [] });
  });

  it('releases the held keys before a slow key, in order, so typing is never lost', () => {
    const detector = new ScanDetector();
    detector.key('K', 0);
    detector.key('a', 5);
    detector.key('s', 10);
    expect(detector.key('s', 300)).toEqual({ action: 'pass', release: ['a', 's'] });
  });

  it('is no scan when the Enter comes too late or the burst is too short ("2", Enter at the desk)', () => {
    expect(feed(new ScanDetector(), 'ABCDEFGH', 5, 200).at(-1)).toEqual({
      action: 'pass',
      release: ['B', 'C', 'D', 'E', 'F', 'G', 'H'],
    });
    expect(feed(new ScanDetector(), '2', 5).at(-1)).toEqual({ action: 'pass', release: [] });
    expect(feed(new ScanDetector(), '12345', 5).at(-1)).toEqual({ action: 'pass', release: ['2', '3', '4', '5'] });
  });

  it('starts no scan in the middle of fast typing: words typed fast and an Enter ("Racoon Akoestisch")', () => {
    const detector = new ScanDetector();
    const verdicts = [...'Racoon'].map((key, index) => detector.key(key, 100 + index * 5));
    expect(detector.other(130)).toEqual(['a', 'c', 'o', 'o', 'n']);
    verdicts.push(...[...'Akoestisch'].map((key, index) => detector.key(key, 135 + index * 5)));
    expect(detector.key('Enter', 185)).toEqual({ action: 'pass', release: [] });
    expect(verdicts.slice(6).every((verdict) => verdict.action === 'pass')).toBe(true);
    // After a pause, a scan again.
    expect(feed(detector, 'ORDERKEY1', 4, 4, 500).at(-1)).toEqual({ action: 'scan', code: 'ORDERKEY1' });
  });

  it('follows its thresholds: a slower scanner with a longer gap, a longer minimum code', () => {
    const slow = new ScanDetector({ maxGapMs: 60, minLength: 4, quietBeforeMs: 250 });
    expect(feed(slow, 'AB12', 50).at(-1)).toEqual({ action: 'scan', code: 'AB12' });
    const strict = new ScanDetector({ maxGapMs: 50, minLength: 10, quietBeforeMs: 250 });
    expect(feed(strict, 'AB12CD34', 5).at(-1)?.action).toBe('pass');
  });

  it('ends a burst on reset (another key, a modifier, a composition) and gives back its held keys', () => {
    const detector = new ScanDetector();
    detector.key('x', 0);
    detector.key('y', 5);
    expect(detector.burstLength).toBe(2);
    expect(detector.reset()).toEqual(['y']);
    expect(detector.burstLength).toBe(0);
    expect(feed(detector, 'ORDERKEY1', 4, 4, 400).at(-1)).toEqual({ action: 'scan', code: 'ORDERKEY1' });
  });

  it('takes no burst for a scan that starts within a quarter second of typing: the tail of a word typed fast after a hiccup', () => {
    const detector = new ScanDetector();
    for (const [index, key] of [...'RacoonAkoe'].entries()) detector.key(key, 1000 + index * 5);
    // The page stalls 120 ms, then the rest comes as fast as a scanner, with an Enter.
    const tail = feed(detector, 'stisch', 5, 5, 1165);
    expect(tail.every((verdict) => verdict.action === 'pass')).toBe(true);
  });
});

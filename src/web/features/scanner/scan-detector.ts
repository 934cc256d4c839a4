/**
 * Tells a keyboard-wedge scanner from a person typing, without a DOM (the listener is scan-listener.ts). A scanner
 * types its code fast — a few milliseconds between keys — and ends it with Enter; people leave 80 ms and more
 * between keys, and rarely type six keys in a row each under SCAN_THRESHOLDS.maxGapMs.
 *
 * A burst's first key always passes (it may be the start of typing); its next keys are held back while the burst
 * is fast, so a scan neither types into a field nor sets off the page's shortcuts. The held keys are released — to
 * be typed after all — as soon as the burst turns out to be typing: a slow key, any other key, a pause, or an Enter
 * after too few keys. An Enter that ends a fast burst of at least `minLength` keys is a scan.
 *
 * A scanner starts after a pause: a key that follows another within `quietBeforeMs`, without a burst under way
 * (typing carried on past a space, say — no code of ours has one), starts none, so fast typing of words ending in
 * Enter is no scan. The pause is a quarter of a second, not just the gap of a scan: synthetic typing (a test's,
 * a password manager's) is as fast as a scanner, and a hiccup of the page mid-word once made its tail "a scan".
 */

export interface ScanThresholds {
  /** The longest pause between two keys of a scan (the Enter included). */
  maxGapMs: number;
  /** The fewest characters of a code (shorter bursts ending in Enter are typing: "2", Enter). */
  minLength: number;
  /** How long no key must have come before a scan's first key. */
  quietBeforeMs: number;
}

export const SCAN_THRESHOLDS: ScanThresholds = { maxGapMs: 50, minLength: 6, quietBeforeMs: 250 };

/** What becomes of a key: it passes, it is held back (part of a burst), or it ends a scan. */
export type KeyVerdict =
  | { action: 'pass'; release: string[] }
  | { action: 'hold'; release: string[] }
  | { action: 'scan'; code: string };

export class ScanDetector {
  #keys: string[] = [];
  #last = 0;
  /** When the last key of any kind was pressed (null: none yet). */
  #lastAny: number | null = null;

  constructor(private readonly thresholds: ScanThresholds = SCAN_THRESHOLDS) {}

  /** Keys of the burst under way (0: none; the next key starts one). */
  get burstLength(): number {
    return this.#keys.length;
  }

  /**
   * A key pressed at `at` (ms): one printable character, or 'Enter'. `release` lists held keys to type first, in
   * order, before this key takes its course.
   */
  key(key: string, at: number): KeyVerdict {
    const release = this.expire(at);
    const streak = this.#lastAny !== null && at - this.#lastAny <= this.thresholds.quietBeforeMs;
    this.#lastAny = at;
    if (this.#keys.length === 0 && streak) return { action: 'pass', release };
    if (key === 'Enter') {
      if (this.#keys.length >= this.thresholds.minLength) {
        const code = this.#keys.join('');
        this.#keys = [];
        return { action: 'scan', code };
      }
      return { action: 'pass', release: [...release, ...this.reset()] };
    }
    this.#last = at;
    this.#keys.push(key);
    return this.#keys.length === 1 ? { action: 'pass', release } : { action: 'hold', release };
  }

  /** The held keys to type, when the burst has paused too long by `at` to be a scan. */
  expire(at: number): string[] {
    return this.#keys.length > 0 && at - this.#last > this.thresholds.maxGapMs ? this.reset() : [];
  }

  /** Another key (a space, Tab, an arrow) pressed at `at`: it ends the burst, whose held keys are typed first. */
  other(at: number): string[] {
    const release = this.reset();
    this.#lastAny = at;
    return release;
  }

  /** Ends the burst (a composition, a modifier): its held keys, to type after all. */
  reset(): string[] {
    const held = this.#keys.slice(1);
    this.#keys = [];
    return held;
  }
}

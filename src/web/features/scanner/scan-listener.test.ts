import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listenForScans } from './scan-listener';

/** Keys as a scanner (or a person) presses them, at the times given: each keydown's time is what the clock reads. */
function press(target: EventTarget, key: string, at: number, clock: { now: number }, init: KeyboardEventInit = {}) {
  clock.now = at;
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  const typed = target.dispatchEvent(event);
  // A key that is not held types into a field, as the browser would.
  if (typed && key.length === 1 && target instanceof HTMLInputElement) target.value += key;
  return event;
}

describe('the scan listener', () => {
  const clock = { now: 0 };
  let scans: string[];
  let pageKeys: string[];
  let stop: () => void;
  const onPageKey = (event: KeyboardEvent) => {
    if (!event.defaultPrevented) pageKeys.push(event.key);
  };

  beforeEach(() => {
    vi.useFakeTimers();
    scans = [];
    pageKeys = [];
    stop = listenForScans((code) => scans.push(code), { clock: () => clock.now });
    window.addEventListener('keydown', onPageKey);
  });
  afterEach(() => {
    stop();
    window.removeEventListener('keydown', onPageKey);
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  const scan = (target: EventTarget, code: string, start = 1000) => {
    for (const [index, key] of [...code].entries()) press(target, key, start + index * 6, clock);
    return press(target, 'Enter', start + code.length * 6, clock);
  };

  it('calls back with a scanned code; the page sees only its first key, and the Enter submits nothing', () => {
    const enter = scan(document.body, 'Kx7Pq2Lm');
    expect(scans).toEqual(['Kx7Pq2Lm']);
    expect(enter.defaultPrevented).toBe(true);
    expect(pageKeys).toEqual(['K']);
  });

  it('leaves no scanned text in the text field that had the focus', () => {
    const input = document.createElement('input');
    document.body.append(input);
    input.value = 'Jansen';
    input.setSelectionRange(6, 6);
    const changes: string[] = [];
    input.addEventListener('input', () => changes.push(input.value));
    scan(input, 'CARD-004242');
    expect(scans).toEqual(['CARD-004242']);
    expect(input.value).toBe('Jansen');
    expect(changes.at(-1)).toBe('Jansen');
  });

  it('types what a person types, fast or slow: a held burst without Enter comes back into the field', () => {
    const input = document.createElement('input');
    document.body.append(input);
    for (const [index, key] of [...'Kassa 1'].entries()) press(input, key, 2000 + index * 5, clock);
    vi.advanceTimersByTime(300);
    expect(input.value).toBe('Kassa 1');
    for (const [index, key] of [...'abc'].entries()) press(input, key, 3000 + index * 150, clock);
    expect(input.value).toBe('Kassa 1abc');
    expect(scans).toEqual([]);
  });

  it('gives the page a short burst and its Enter ("2", Enter at the desk) as they were pressed', () => {
    press(document.body, '2', 5000, clock);
    press(document.body, 'Enter', 5004, clock);
    expect(pageKeys).toEqual(['2', 'Enter']);
    press(document.body, '1', 6000, clock);
    press(document.body, '0', 6004, clock);
    expect(pageKeys).toEqual(['2', 'Enter', '1']);
    vi.advanceTimersByTime(300);
    expect(pageKeys).toEqual(['2', 'Enter', '1', '0']);
    expect(scans).toEqual([]);
  });

  /** Two fields and the box office's shortcuts: `/` focuses the search, `c` (or `C`) the customer picker. */
  function withShortcuts(run: (fields: { search: HTMLInputElement; picker: HTMLInputElement }) => void) {
    const search = document.createElement('input');
    const picker = document.createElement('input');
    document.body.append(search, picker);
    const shortcuts = (event: KeyboardEvent) => {
      if (event.target !== document.body || event.defaultPrevented) return;
      const field = { '/': search, c: picker }[event.key.toLowerCase()];
      if (!field) return;
      event.preventDefault();
      field.focus();
    };
    window.addEventListener('keydown', shortcuts);
    try {
      run({ search, picker });
    } finally {
      window.removeEventListener('keydown', shortcuts);
    }
  }

  // Found as a flaky box-office test: `/` (or `c`) after a pause moves the focus to a field, and the test's typing
  // followed within a scan's gap of 50 ms. The keys were held as a burst begun on the page, and given back to the
  // page, not the field: "Racoon Akoestisch" became " Akoestisch", an email never reached the customer picker.
  it("types into the field a shortcut moved the focus to, when the typing follows the shortcut's key at once", () => {
    withShortcuts(({ search, picker }) => {
      press(document.body, '/', 10_000, clock);
      for (const [index, key] of [...'Racoon Ak'].entries()) press(search, key, 10_010 + index * 5, clock);
      expect(search.value).toBe('Racoon Ak');
      press(document.body, 'c', 11_000, clock);
      for (const [index, key] of [...'anna@example.nl'].entries()) press(picker, key, 11_008 + index * 5, clock);
      // Held while it might be a scan, typed once the keys pause.
      vi.advanceTimersByTime(300);
      expect(picker.value).toBe('anna@example.nl');
      expect(search.value).toBe('Racoon Ak');
      expect(scans).toEqual([]);
    });
  });

  it("still reads a scan whose first key is a shortcut that moves the focus (a customer card's C at the desk)", () => {
    withShortcuts(({ picker }) => {
      for (const [index, key] of [...'CARD-004242'].entries())
        press(index === 0 ? document.body : picker, key, 12_000 + index * 6, clock);
      press(picker, 'Enter', 12_000 + 11 * 6, clock);
      expect(scans).toEqual(['CARD-004242']);
      expect(picker.value).toBe('');
    });
  });

  it('ignores keys of an IME composition and keys with Ctrl', () => {
    for (const [index, key] of [...'ABCDEF'].entries())
      press(document.body, key, 7000 + index * 5, clock, { isComposing: true });
    press(document.body, 'Enter', 7040, clock);
    expect(scans).toEqual([]);
    for (const [index, key] of [...'ABC'].entries()) press(document.body, key, 8000 + index * 5, clock);
    press(document.body, 'v', 8016, clock, { ctrlKey: true });
    for (const [index, key] of [...'DEF'].entries()) press(document.body, key, 8020 + index * 5, clock);
    press(document.body, 'Enter', 8040, clock);
    expect(scans).toEqual([]);
  });
});

import { isTypingTarget } from '../../lib/keys';
import { SCAN_THRESHOLDS, ScanDetector, type ScanThresholds } from './scan-detector';

type TextField = HTMLInputElement | HTMLTextAreaElement;

/** How long after a held key, with no key since, the burst is taken for typing that stopped. */
const RELEASE_AFTER_MS = 250;

/** Our own replays of held keys: the listener lets them through untouched. */
const REPLAYED = new WeakSet<Event>();

const isTextField = (target: EventTarget | null): target is TextField =>
  (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) && isTypingTarget(target);

/**
 * Sets a field's value as typing would: through the native setter (so React's tracker sees a change) and an
 * `input` event (so its onChange runs).
 */
function setFieldText(field: TextField, value: string, caret: number) {
  const prototype = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  try {
    field.setSelectionRange(caret, caret);
  } catch {
    // Inputs of type email or number have no selection.
  }
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Types held keys after all: into the field they were headed for, or as key presses to the page. */
function replay(target: EventTarget | null, keys: readonly string[]) {
  if (keys.length === 0 || !target) return;
  if (isTextField(target)) {
    const text = keys.join('');
    const start = target.selectionStart ?? target.value.length;
    const end = target.selectionEnd ?? start;
    setFieldText(target, target.value.slice(0, start) + text + target.value.slice(end), start + text.length);
    return;
  }
  for (const key of keys) {
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
    REPLAYED.add(event);
    target.dispatchEvent(event);
  }
}

/**
 * The app-wide keyboard-wedge listener: on the window, in the capture phase (before the page's own keys), it
 * holds back a fast burst's keys and calls `onScan` with the code when an Enter ends it (scan-detector.ts). A
 * scan into a text field leaves the field as it was before its first key; the Enter of a scan submits no form.
 * A burst is the keys to one target: a key to another one (the focus moved) ends it.
 * Keys during an IME composition, or with Ctrl/Alt/Meta, are never a scan. Returns the uninstaller.
 */
export function listenForScans(
  onScan: (code: string) => void,
  options: { thresholds?: ScanThresholds; target?: Window; clock?: (event: KeyboardEvent) => number } = {},
): () => void {
  const thresholds = options.thresholds ?? SCAN_THRESHOLDS;
  const host = options.target ?? window;
  const clock = options.clock ?? ((event: KeyboardEvent) => event.timeStamp);
  const detector = new ScanDetector(thresholds);
  /** Where the burst's keys went, and a field's text and caret before its first key. */
  let burstTarget: EventTarget | null = null;
  let before: { field: TextField; value: string; start: number; end: number } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const release = (keys: string[]) => replay(burstTarget, keys);
  const endBurst = () => {
    clearTimeout(timer);
    release(detector.reset());
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (REPLAYED.has(event)) return;
    if (event.isComposing || event.keyCode === 229 || event.ctrlKey || event.metaKey || event.altKey) {
      endBurst();
      return;
    }
    const at = clock(event);
    if (event.key !== 'Enter' && (event.key.length !== 1 || event.key === ' ')) {
      clearTimeout(timer);
      release(detector.other(at));
      return;
    }
    release(detector.expire(at));
    // A scanner types its whole code into one place. A key headed elsewhere follows a key that moved the focus
    // (`/` to the search, `c` to the customer picker): it ends the burst, so typing that follows at once lands in
    // the field, not as held keys given back to the page.
    if (detector.burstLength > 0 && event.target !== burstTarget) endBurst();
    if (detector.burstLength === 0) {
      burstTarget = event.target;
      before = isTextField(event.target)
        ? {
            field: event.target,
            value: event.target.value,
            start: event.target.selectionStart ?? event.target.value.length,
            end: event.target.selectionEnd ?? event.target.value.length,
          }
        : null;
    }
    const verdict = detector.key(event.key, at);
    clearTimeout(timer);
    if (verdict.action === 'pass') {
      release(verdict.release);
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    if (verdict.action === 'hold') {
      release(verdict.release);
      // A pause ends the burst (each key restarts this timer): what was held is typed after all. By the clock, not
      // the keys' stamps: generous, so a busy page handling a scanner's queued keys late does not end its burst.
      timer = setTimeout(endBurst, RELEASE_AFTER_MS);
      return;
    }
    // The scan's first key went where focus was: a field gets back its text from before it.
    if (before?.field.isConnected) {
      const { field, value, start, end } = before;
      setFieldText(field, value, start === end ? start : end);
    }
    before = null;
    burstTarget = null;
    onScan(verdict.code);
  };
  const onComposition = () => endBurst();

  host.addEventListener('keydown', onKeyDown, true);
  host.addEventListener('compositionstart', onComposition, true);
  return () => {
    clearTimeout(timer);
    host.removeEventListener('keydown', onKeyDown, true);
    host.removeEventListener('compositionstart', onComposition, true);
  };
}

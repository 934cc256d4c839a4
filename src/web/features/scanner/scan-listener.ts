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
 * Held keys that turn out to be typing go where each was headed (the focus may have moved within the burst).
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
  /** A field's text and caret before the burst's first key; where each held key was headed, oldest first. */
  let before: { field: TextField; value: string; start: number; end: number } | null = null;
  let heldTargets: (EventTarget | null)[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  /**
   * Types released keys (always the oldest held) where each was headed: a shortcut's key (`/`, `c`) may have moved
   * the focus within the burst, and the typing that followed at once belongs in the field it focused.
   */
  const release = (keys: string[]) => {
    const targets = heldTargets.splice(0, keys.length);
    let from = 0;
    for (let to = 1; to <= keys.length; to++) {
      if (to < keys.length && targets[to] === targets[from]) continue;
      replay(targets[from] ?? null, keys.slice(from, to));
      from = to;
    }
  };
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
    if (detector.burstLength === 0) {
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
      heldTargets.push(event.target);
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
    heldTargets = [];
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

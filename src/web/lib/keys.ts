/** Whether the event comes from a place where typing must not trigger shortcuts. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (target as HTMLInputElement).type;
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color'].includes(type);
  }
  return false;
}

export const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** How a key of a shortcut is shown: `mod` is ⌘ on a Mac, Ctrl elsewhere. */
export function keyLabel(key: string): string {
  if (key === 'mod') return isMac() ? '⌘' : 'Ctrl';
  if (key.length === 1) return key.toUpperCase();
  return key;
}

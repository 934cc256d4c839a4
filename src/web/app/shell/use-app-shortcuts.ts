import { useLayoutEffect } from 'react';
import type { NavigateFunction } from 'react-router';
import type { VisibleArea } from '../../lib/area';
import { isTypingTarget } from '../../lib/keys';

const SEQUENCE_TIMEOUT_MS = 1500;

/**
 * The shell's own keys: `?` opens the shortcuts overlay, `g` then an area's go-key navigates there
 * (`g d` → Dashboard). Ctrl/Cmd+K belongs to the command palette. Never while typing in a field.
 */
export function useAppShortcuts(options: {
  areas: readonly VisibleArea[];
  navigate: NavigateFunction;
  openHelp: () => void;
}): void {
  const { areas, navigate, openHelp } = options;
  // A layout effect, so that the keys work as soon as the shell shows (see app-layout.tsx's palette shortcut): with
  // the CPU slowed, a ? pressed once the page's heading showed opened nothing in 1 of 10 tries with a passive one.
  useLayoutEffect(() => {
    let awaitingGo = 0;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target)) return;
      if (event.key === '?') {
        event.preventDefault();
        openHelp();
        return;
      }
      const key = event.key.toLowerCase();
      if (awaitingGo && Date.now() - awaitingGo < SEQUENCE_TIMEOUT_MS) {
        awaitingGo = 0;
        const target = areas.find((area) => area.nav?.goKey === key)?.nav;
        if (target) {
          event.preventDefault();
          void navigate(target.path);
        }
        return;
      }
      awaitingGo = key === 'g' ? Date.now() : 0;
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [areas, navigate, openHelp]);
}

import { type RefObject, useEffect } from 'react';

const APP_NAME = 'Foyer';

/** The tab's title for a page whose main heading reads `heading`: "Klanten · Foyer"; without one, the app's name. */
export function titleFor(heading: string | null | undefined): string {
  const text = heading?.replace(/\s+/g, ' ').trim();
  return text ? `${text} · ${APP_NAME}` : APP_NAME;
}

/**
 * The tab's title follows the main heading of the page on screen, so tabs, the history and a screen reader's
 * page list tell pages apart (WCAG 2.4.2; every tab read "Foyer"). Every page has its level-1 heading already,
 * some from data once loaded (a customer's name, an order's number): watching the main region keeps the title
 * in step with it, without each page saying its title twice. At most one update a frame, whatever changes.
 */
export function useHeadingTitle(main: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = main.current;
    if (!root) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const next = titleFor(root.querySelector('h1')?.textContent);
      if (document.title !== next) document.title = next;
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    const observer = new MutationObserver(schedule);
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      if (frame) cancelAnimationFrame(frame);
      // Signed out: the sign-in page is not the last page's.
      document.title = APP_NAME;
    };
  }, [main]);
}

import type { NotificationData } from '@mantine/notifications';

/**
 * Toasts without paying for the notifications package on the first load: the first `notify` loads it and
 * asks the shell (which listens with `onNotificationsNeeded`) to mount the host.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let needed = false;

export function onNotificationsNeeded(listener: Listener): () => void {
  if (needed) listener();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function notify(data: NotificationData): Promise<void> {
  if (!needed) {
    needed = true;
    for (const listener of listeners) listener();
  }
  const { notifications } = await import('@mantine/notifications');
  // The toast's close button is an icon: named in the page's language (LocaleProvider sets <html lang>), or axe
  // finds a button without a name (as it did after a segment's save).
  const close = document.documentElement.lang === 'en' ? 'Close' : 'Sluiten';
  notifications.show({ closeButtonProps: { 'aria-label': close }, ...data });
}

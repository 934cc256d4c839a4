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
  notifications.show(data);
}

import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

export function NotificationsHost() {
  return <Notifications position="bottom-right" />;
}

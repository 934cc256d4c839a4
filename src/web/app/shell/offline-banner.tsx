import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useMessages } from '../../lib/i18n';
import { shellMessages } from './shell-messages';

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();
const onServer = () => true;

/**
 * Said at the top of every page while the browser has no network: reads wait for it (and then run), and a
 * change or a payment fails at once (query-client.ts), so the person knows why and tries again afterwards.
 */
export function OfflineBanner() {
  const t = useMessages(shellMessages);
  const online = useSyncExternalStore(subscribe, isOnline, onServer);
  if (online) return null;
  return (
    <div role="status" className="foyer-offline-banner" data-testid="offline-banner">
      <strong>{t('offlineTitle')}</strong> {t('offlineText')}
    </div>
  );
}

import { Text } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import type { Paired } from '@/contract/display';
import { useMessages } from '../../lib/i18n';
import { displayMessages } from './display-messages';
import { PairForm } from './pair-form';
import { ReconnectingBadge, ScreenView } from './screen-view';
import { useScreenFeed } from './use-screen-feed';
import './display.css';

/**
 * `/display` and `/display/<sales point>`: the buyer's screen, outside the app's shell (no navigation, no
 * person signed in). Unpaired it asks for a pairing code; paired it shows what the seller's sale shows.
 */
export function DisplayPage() {
  const { salesPointId } = useParams();
  const navigate = useNavigate();
  const onPaired = (paired: Paired) => void navigate(`/display/${paired.salesPointId}`, { replace: true });
  const id = salesPointId && /^\d{1,15}$/.test(salesPointId) ? Number(salesPointId) : null;
  return (
    <main className="foyer-display">
      {id === null ? <PairForm onPaired={onPaired} /> : <PairedScreen salesPointId={id} onPaired={onPaired} />}
    </main>
  );
}

function PairedScreen({ salesPointId, onPaired }: { salesPointId: number; onPaired: (paired: Paired) => void }) {
  const t = useMessages(displayMessages);
  const feed = useScreenFeed(salesPointId);
  if (feed.status === 'loading') return null;
  if (feed.status === 'unpaired') return <PairForm onPaired={onPaired} />;
  if (feed.status === 'ended') return <PairForm onPaired={onPaired} notice={t('ended')} />;
  return (
    <>
      <header className="foyer-display-header">
        <Text className="foyer-display-where">{feed.state?.salesPointName}</Text>
        {feed.reconnecting ? <ReconnectingBadge /> : null}
      </header>
      <ScreenView screen={feed.state?.screen ?? null} />
    </>
  );
}

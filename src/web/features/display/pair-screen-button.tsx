import { Button } from '@mantine/core';
import { useState } from 'react';
import { Dialog } from '../../components/dialog';
import { useMessages } from '../../lib/i18n';
import { displayMessages } from './display-messages';
import { PairingCodePanel } from './pairing-code-panel';

/**
 * The seller's way to pair a buyer's screen at the sales point of their open shift: a pairing code, without the
 * list of paired screens (that, and revoking them, stays with the sales point's settings).
 */
export function PairScreenButton({ salesPoint }: { salesPoint: { id: number; name: string } }) {
  const t = useMessages(displayMessages);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="default" size="sm" onClick={() => setOpen(true)} data-testid="pair-buyer-screen">
        {t('pairScreen')}
      </Button>
      {open ? (
        <Dialog
          opened
          onClose={() => setOpen(false)}
          title={t('pairScreenTitle', { name: salesPoint.name })}
          closeButtonProps={{ 'aria-label': t('close') }}
        >
          <PairingCodePanel salesPointId={salesPoint.id} />
        </Dialog>
      ) : null}
    </>
  );
}

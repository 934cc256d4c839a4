import { Skeleton, Text } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import { useEffect, useState } from 'react';
import { useMessages } from '../../lib/i18n';
import { deskMessages } from './desk-messages';
import { ticketQrDataUrl } from './ticket-qr-code';

export function TicketQr({ orderKey, size }: { orderKey: string; size: number }) {
  const t = useMessages(deskMessages);
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    setImage(null);
    setFailed(false);
    ticketQrDataUrl(orderKey)
      .then((data) => {
        if (current) setImage(data);
      })
      .catch(() => {
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [orderKey]);
  if (failed) return <Text c="red">{t('qrFailed')}</Text>;
  if (!image) return <Skeleton width={size} height={size} />;
  return (
    <img
      className="foyer-ticket-qr"
      src={image}
      width={size}
      height={size}
      alt={t('qrAlt', { key: orderKey })}
      data-testid="ticket-qr"
      data-order-key={orderKey}
    />
  );
}

import { Skeleton, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useMessages } from '../../lib/i18n';
import { deskMessages } from './desk-messages';

/**
 * The QR code of the order key as an SVG data URL: the same string in every browser and in Node (the
 * browser test regenerates it to compare), and sharp at any print resolution. The qrcode package loads in
 * its own chunk, only when a print view is open.
 */
export const TICKET_QR_OPTIONS = { type: 'svg', margin: 4, errorCorrectionLevel: 'M' } as const;

export async function ticketQrDataUrl(orderKey: string): Promise<string> {
  const qrcode = await import('qrcode');
  const svg = await qrcode.toString(orderKey, TICKET_QR_OPTIONS);
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

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

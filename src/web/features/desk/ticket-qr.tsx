import { Skeleton, Text } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import { useMessages } from '../../lib/i18n';
import { useQrCode } from '../../lib/use-qr-code';
import { deskMessages } from './desk-messages';
import { ticketQrDataUrl } from './ticket-qr-code';

export function TicketQr({ orderKey, size }: { orderKey: string; size: number }) {
  const t = useMessages(deskMessages);
  const { image, failed } = useQrCode(orderKey, ticketQrDataUrl);
  if (failed) return <Text c="var(--mantine-color-error)">{t('qrFailed')}</Text>;
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

import { Skeleton, Text } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import { useMessages } from '../../lib/i18n';
import { type DrawQr, useQrCode } from '../../lib/use-qr-code';
import { boxOfficeMessages } from './box-office-messages';

/**
 * The payment link as a QR code for the buyer's phone. The qrcode package loads only when an online
 * payment is shown (its own chunk), and draws into a data: URL (the CSP allows `img-src data:`).
 */
const drawPaymentQr: DrawQr = async (url) =>
  (await import('qrcode')).toDataURL(url, { margin: 1, width: 220, errorCorrectionLevel: 'M' });

export function PaymentQr({ url }: { url: string }) {
  const t = useMessages(boxOfficeMessages);
  const { image, failed } = useQrCode(url, drawPaymentQr);
  if (failed) return <Text c="var(--mantine-color-error)">{t('qrFailed')}</Text>;
  if (!image) return <Skeleton width={220} height={220} />;
  return <img src={image} width={220} height={220} alt={t('qrAlt')} data-testid="payment-qr" />;
}

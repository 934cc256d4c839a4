import { Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import type { Screen, ScreenLine } from '@/contract/display';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { type DrawQr, useQrCode } from '../../lib/use-qr-code';
import { displayMessages } from './display-messages';
import { SmallPlan } from './small-plan';

/** The payment page's QR code, large enough to scan from a metre away (the qrcode package loads only then). */
const drawPaymentQr: DrawQr = async (url) =>
  (await import('qrcode')).toDataURL(url, { margin: 2, width: 360, errorCorrectionLevel: 'M' });

function PaymentQr({ url }: { url: string }) {
  const t = useMessages(displayMessages);
  const { image } = useQrCode(url, drawPaymentQr);
  return image ? (
    <img src={image} width={360} height={360} alt={t('qrAlt')} className="foyer-display-qr" data-testid="display-qr" />
  ) : (
    <Skeleton width={360} height={360} />
  );
}

function Lines({ lines }: { lines: readonly ScreenLine[] }) {
  const t = useMessages(displayMessages);
  const { locale } = useLocale();
  return (
    <ul className="foyer-display-lines" data-testid="display-lines">
      {lines.map((line, index) => {
        const place = [
          line.section,
          line.row !== null ? t('row', { row: line.row }) : null,
          line.seat !== null ? t('seat', { seat: line.seat }) : null,
        ].filter(Boolean);
        return (
          // Lines have no id of their own on the screen; their order is the cart's.
          // biome-ignore lint/suspicious/noArrayIndexKey: the cart's order is the lines' identity here
          <li key={index} data-testid="display-line">
            <div>
              <Text className="foyer-display-event">
                {line.tickets > 1 ? `${t('tickets', { count: line.tickets })} ` : null}
                {line.event}
              </Text>
              <Text className="foyer-display-detail">
                {[line.date ? formatDateTime(line.date, locale) : null, place.join(', '), line.priceType]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </div>
            <Text className="foyer-display-amount">{formatMoney(line.amountCents / 100, locale)}</Text>
          </li>
        );
      })}
    </ul>
  );
}

function Total({ screen }: { screen: Screen }) {
  const t = useMessages(displayMessages);
  const { locale } = useLocale();
  const fee = 'feeCents' in screen ? (screen.feeCents ?? 0) : 0;
  return (
    <Stack gap={4} className="foyer-display-total-block">
      {fee > 0 ? (
        <Group justify="space-between">
          <Text className="foyer-display-detail">{t('fee')}</Text>
          <Text className="foyer-display-detail">{formatMoney(fee / 100, locale)}</Text>
        </Group>
      ) : null}
      <Group justify="space-between" className="foyer-display-total" data-testid="display-total">
        <span>{t('total')}</span>
        <span>{formatMoney(screen.totalCents / 100, locale)}</span>
      </Group>
      {'receivedCents' in screen && screen.receivedCents !== undefined ? (
        <>
          <Group justify="space-between">
            <Text className="foyer-display-detail">{t('received')}</Text>
            <Text className="foyer-display-detail">{formatMoney(screen.receivedCents / 100, locale)}</Text>
          </Group>
          <Group justify="space-between" className="foyer-display-total" data-testid="display-change">
            <span>{t('change')}</span>
            <span>{formatMoney((screen.receivedCents - screen.totalCents) / 100, locale)}</span>
          </Group>
        </>
      ) : null}
    </Stack>
  );
}

/** What the buyer reads: a welcome, their order with its total and seats, the payment's QR code, or thanks. */
export function ScreenView({ screen }: { screen: Screen | null }) {
  const t = useMessages(displayMessages);
  if (screen === null || screen.phase === 'idle') {
    return (
      <Stack className="foyer-display-centre" data-testid="display-idle">
        <Title order={1} className="foyer-display-huge">
          {t('welcome')}
        </Title>
        <Text className="foyer-display-detail">{t('idleHint')}</Text>
      </Stack>
    );
  }
  if (screen.phase === 'thanks') {
    return (
      <Stack className="foyer-display-centre" data-testid="display-thanks">
        <Title order={1} className="foyer-display-huge">
          {screen.buyerName ? t('thanksName', { name: screen.buyerName }) : t('thanks')}
        </Title>
        <Text className="foyer-display-detail">{t('enjoy')}</Text>
        <Total screen={screen} />
      </Stack>
    );
  }
  if (screen.phase === 'payment') {
    return (
      <div className="foyer-display-split" data-testid="display-payment">
        <Stack align="center" gap="md">
          <Title order={1}>{t('payTitle')}</Title>
          <PaymentQr url={screen.paymentUrl} />
          <Text className="foyer-display-detail" ta="center" maw={420}>
            {t('payHint')}
          </Text>
        </Stack>
        <Stack gap="md">
          <Lines lines={screen.lines} />
          <Total screen={screen} />
        </Stack>
      </div>
    );
  }
  return (
    <div className="foyer-display-split" data-testid="display-cart">
      <Stack gap="md">
        <Title order={1}>{screen.buyerName ? `${t('yourOrder')} · ${screen.buyerName}` : t('yourOrder')}</Title>
        <Lines lines={screen.lines} />
        <Total screen={screen} />
      </Stack>
      {screen.plans.length > 0 ? (
        <Stack gap="sm" aria-label={t('plan')} component="section">
          <Title order={2}>{t('plan')}</Title>
          {screen.plans.map((plan) => (
            <SmallPlan key={plan.event} plan={plan} lines={screen.lines} />
          ))}
        </Stack>
      ) : null}
    </div>
  );
}

/** The discreet "reconnecting" state, in a corner. */
export function ReconnectingBadge() {
  const t = useMessages(displayMessages);
  return (
    <span className="foyer-display-reconnecting" role="status" data-testid="display-reconnecting">
      {t('reconnecting')}
    </span>
  );
}

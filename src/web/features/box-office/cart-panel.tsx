import { ActionIcon, Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import { useEffect, useRef, useState } from 'react';
import { describeError } from '../../components/error-message';
import { EmptyState } from '../../components/page-states';
import { appMessages } from '../../lib/app-messages';
import { formatMoney } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import type { PartnerCart } from '../../lib/schemas/partner-cart';
import { serverNow } from '../../lib/server-clock';
import { boxOfficeMessages } from './box-office-messages';
import { cartLines, holdsSeats } from './cart-model';
import { type Countdown, countdownAt, formatSecondsLeft } from './countdown';
import { UnansweredCheckoutError } from './sale-errors';
import { useLineDetails } from './use-line-details';
import type { SaleCart } from './use-sale-cart';

type Kind = 'kindTicket' | 'kindDonation' | 'kindVoucher' | 'kindProduct';
const KIND_KEYS: Record<string, Kind> = {
  ticket: 'kindTicket',
  donation: 'kindDonation',
  voucher: 'kindVoucher',
  product: 'kindProduct',
};

/** Ticks once a second while `active`; the countdown itself is pure (countdown.ts). */
function useCountdown(timeOut: string | undefined, active: boolean): Countdown | null {
  // By the gateway's clock: the service decides when a hold lapses, not this computer.
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    if (!active) return;
    setNow(serverNow());
    const timer = window.setInterval(() => setNow(serverNow()), 1000);
    return () => window.clearInterval(timer);
  }, [active]);
  return active && timeOut ? countdownAt(timeOut, now) : null;
}

function HoldCountdown({ cart, onLapsed }: { cart: PartnerCart; onLapsed: () => Promise<void> }) {
  const t = useMessages(boxOfficeMessages);
  const countdown = useCountdown(cart.timeOut, holdsSeats(cart));
  const phase = countdown?.phase;
  // Report the lapse once per timeOut, not on every tick after it.
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (phase === 'lapsed' && reported.current !== cart.timeOut) {
      reported.current = cart.timeOut;
      void onLapsed();
    }
  }, [phase, cart.timeOut, onLapsed]);
  if (!countdown || countdown.phase === 'lapsed') return null;
  const time = formatSecondsLeft(countdown.secondsLeft);
  if (countdown.phase === 'warning') {
    return (
      <Alert color="orange" variant="light" role="alert" data-testid="hold-countdown" py="xs">
        {t('holdWarning', { time })}
      </Alert>
    );
  }
  return (
    <Text size="sm" c="dimmed" data-testid="hold-countdown" aria-live="off">
      {t('holdRunning', { time })}
    </Text>
  );
}

/**
 * The cart as the service holds it: one row per line with what it is and its amount, the total, a way to
 * remove a line or everything, and the countdown to the lapse of the held seats.
 */
export function CartPanel({
  sale,
  onCheckout,
  onStartAgain,
  onClear,
  checkoutDisabled,
}: {
  sale: SaleCart;
  onCheckout: () => void;
  onStartAgain: () => void;
  /** Empties the cart and starts a clean sale (the buyer chosen for it went on to the next one). */
  onClear: (onSettled: () => void) => void;
  checkoutDisabled: boolean;
}) {
  const t = useMessages(boxOfficeMessages);
  const tApp = useMessages(appMessages);
  const { locale } = useLocale();
  const cart = sale.cart;
  const lines = cart ? cartLines(cart) : [];
  const detailsOf = useLineDetails(lines);
  const busy = sale.remove.isPending || sale.abandon.isPending;
  const [confirmClear, setConfirmClear] = useState(false);
  // The question takes the focus (it fell to the page): Keep, so that Enter empties nothing by accident.
  const keepRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirmClear) keepRef.current?.focus();
  }, [confirmClear]);

  return (
    <Stack gap="sm" data-testid="cart-panel">
      {sale.notice === 'lapsed' ? (
        <Alert color="red" variant="light" role="alert" title={t('holdLapsed')} data-testid="cart-lapsed">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('holdLapsedHint')}</Text>
            <Button size="xs" color="red" variant="white" onClick={onStartAgain}>
              {t('startAgain')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {sale.notice === 'cartGone' ? (
        <Alert
          color="yellow"
          variant="light"
          withCloseButton
          onClose={sale.dismissNotice}
          closeButtonLabel={t('dismiss')}
        >
          {t('cartGone')}
        </Alert>
      ) : null}
      {cart ? <HoldCountdown cart={cart} onLapsed={sale.lapsed} /> : null}
      {lines.length === 0 ? (
        <EmptyState title={sale.cartQuery.isLoading ? t('loading') : t('cartEmpty')}>{t('cartEmptyHint')}</EmptyState>
      ) : (
        <Table verticalSpacing={6} data-testid="cart-lines">
          <Table.Tbody>
            {lines.map((line) => {
              const details = detailsOf(line);
              return (
                <Table.Tr key={line.itemId} data-testid="cart-line">
                  <Table.Td>
                    <Group gap={6} wrap="nowrap" align="baseline">
                      <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }}>
                        {KIND_KEYS[line.kind] ? t(KIND_KEYS[line.kind] as Kind) : line.kind}
                      </Badge>
                      <Text size="sm" fw={500}>
                        {line.tickets > 1 ? t('lineTickets', { count: line.tickets }) : ''}
                        {line.description}
                      </Text>
                    </Group>
                    <Text size="xs" c="dimmed" data-testid="cart-line-details">
                      {[details.when, line.priceName, details.seat].filter(Boolean).join(' · ')}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(line.amount, locale)}
                  </Table.Td>
                  <Table.Td w={36}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t('removeLine', {
                        description: [line.description, details.seat].filter(Boolean).join(', '),
                      })}
                      disabled={busy}
                      onClick={() => sale.remove.mutate(line.itemId)}
                    >
                      ×
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">{t('total')}</Table.Th>
              <Table.Td ta="right" fw={700} data-testid="cart-total" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(cart?.amount ?? 0, locale)}
              </Table.Td>
              <Table.Td />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      )}
      {sale.remove.isError || sale.abandon.isError ? (
        <Alert color="red" variant="light" role="alert">
          {sale.abandon.error instanceof UnansweredCheckoutError
            ? t('checkoutUnansweredFirst')
            : describeError(sale.remove.error ?? sale.abandon.error, tApp)}
        </Alert>
      ) : null}
      {lines.length > 0 ? (
        <Group justify="space-between">
          {confirmClear ? (
            <Group gap="xs">
              <Text size="sm">{t('clearCartConfirm')}</Text>
              <Button
                size="xs"
                color="red"
                loading={sale.abandon.isPending}
                onClick={() => onClear(() => setConfirmClear(false))}
              >
                {t('clearCart')}
              </Button>
              <Button size="xs" variant="default" onClick={() => setConfirmClear(false)} ref={keepRef}>
                {t('keep')}
              </Button>
            </Group>
          ) : (
            <Button size="xs" variant="subtle" color="red" onClick={() => setConfirmClear(true)} disabled={busy}>
              {t('clearCart')}
            </Button>
          )}
          <Button
            onClick={onCheckout}
            disabled={checkoutDisabled || busy}
            rightSection={<kbd aria-hidden>C</kbd>}
            aria-keyshortcuts="C"
          >
            {t('toCheckout')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

import { Alert, Button, Group, Kbd, Loader, Stack, Table, Text } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Kbd.css';
import { useEffect, useRef } from 'react';
import { Dialog } from '../../components/dialog';
import { describeError } from '../../components/error-message';
import { appMessages } from '../../lib/app-messages';
import { formatMoney } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { toCents } from '../../lib/money';
import type { PartnerCart } from '../../lib/schemas/partner-cart';
import { boxOfficeMessages } from './box-office-messages';
import { cartLines } from './cart-model';
import { CashTendered } from './cash-tendered';
import { quickSaleMessages } from './quick-sale-messages';
import { useLineDetails } from './use-line-details';
import type { QuickSale } from './use-quick-sale';

/** The quantities offered as buttons: a walk-in buys a few; more are typed. */
const QUICK_QUANTITIES = [1, 2, 3, 4, 5, 6] as const;

/** A key and what it does, as the dialog shows its keys. */
function KeyHint({ keys, label }: { keys: string; label: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Kbd>{keys}</Kbd>
      <Text size="sm">{label}</Text>
    </Group>
  );
}

/**
 * The quick walk-in sale's dialog (use-quick-sale.ts): how many, the seats held and what they cost, the cash handed
 * over (empty: the exact amount) and its change, pay cash — each step with its keys shown. Its buttons do the same for a mouse.
 */
export function QuickSaleDialog({ quick, cart }: { quick: QuickSale; cart: PartnerCart | undefined }) {
  const t = useMessages(quickSaleMessages);
  const tApp = useMessages(appMessages);
  const tBox = useMessages(boxOfficeMessages);
  const detailsOf = useLineDetails();
  const { locale } = useLocale();
  const { state, price, cashMethod, walkIn } = quick;
  const quantity = state.quantity?.value ?? null;
  const { toPay } = quick;
  const failure =
    state.step === 'quantity' && quick.addError
      ? quick.addError
      : state.step === 'confirm' && quick.checkoutError
        ? quick.checkoutError
        : walkIn.isError
          ? walkIn.error
          : null;

  // Seats held and cash taken: the amount handed over is typed next, so it takes the focus (it stayed on the text
  // above, and "100" typed there was lost: the sale went at the exact amount, with no change said).
  const tenderedRef = useRef<HTMLDivElement>(null);
  const confirming = state.step === 'confirm' && cashMethod !== undefined;
  useEffect(() => {
    if (confirming) tenderedRef.current?.querySelector('input')?.focus();
  }, [confirming]);

  return (
    <Dialog
      opened={state.step !== 'closed'}
      onClose={quick.cancel}
      closeOnEscape={false}
      closeButtonProps={{ 'aria-label': t('cancel') }}
      title={t('title')}
      centered
      data-testid="quick-sale"
    >
      <Stack gap="md">
        {quick.blocked ? (
          <Text data-autofocus tabIndex={-1}>
            {t('cartNotEmpty')}
          </Text>
        ) : state.step === 'quantity' || state.step === 'holding' ? (
          <>
            <Text data-autofocus tabIndex={-1}>
              {t('howMany')}
            </Text>
            <Group gap="xl">
              <div>
                <Text size="sm" c="dimmed">
                  {t('quantity')}
                </Text>
                <Text size="xl" fw={700} data-testid="quick-sale-quantity">
                  {quantity ?? '–'}
                </Text>
              </div>
              {price ? (
                <div>
                  <Text size="sm" c="dimmed">
                    {t('price')}
                  </Text>
                  <Text size="xl" fw={700}>
                    {price.name} · {formatMoney(price.amount, locale)}
                  </Text>
                </div>
              ) : null}
            </Group>
            {/* On a touchscreen the quantity is tapped; the keys stay the quick way at a keyboard. */}
            <Group gap="xs" role="group" aria-label={t('chooseQuantity')}>
              {QUICK_QUANTITIES.map((value) => (
                <Button
                  key={value}
                  variant={quantity === value ? 'filled' : 'default'}
                  aria-pressed={quantity === value}
                  onClick={() => quick.choose(value)}
                  disabled={quick.blocked || state.step !== 'quantity'}
                  className="foyer-touch-target"
                  miw={48}
                >
                  {value}
                </Button>
              ))}
            </Group>
            <Text size="sm" c="dimmed">
              {t('bestSeats')}
            </Text>
          </>
        ) : (
          <>
            <Text data-autofocus tabIndex={-1}>
              {t('held')}
            </Text>
            <Table withTableBorder data-testid="quick-sale-seats">
              <Table.Tbody>
                {(cart ? cartLines(cart) : []).map((line) => (
                  <Table.Tr key={line.itemId}>
                    <Table.Td>
                      {line.tickets > 1 ? tBox('lineTickets', { count: line.tickets }) : ''}
                      {[line.description, detailsOf(line).seat].filter(Boolean).join(', ')}
                    </Table.Td>
                    <Table.Td ta="right">{formatMoney(line.amount, locale)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {cashMethod ? (
              <div ref={tenderedRef}>
                <CashTendered
                  totalCents={toCents(toPay)}
                  tenderedCents={quick.tenderedCents}
                  onChange={quick.setTenderedCents}
                  onPay={quick.pay}
                  disabled={state.step === 'paying'}
                />
              </div>
            ) : null}
          </>
        )}

        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {describeError(failure, tApp)}
          </Alert>
        ) : null}
        {walkIn.isSuccess && !cashMethod ? (
          <Alert color="yellow" variant="light" role="alert">
            {t('noCash')}
          </Alert>
        ) : null}

        <Group gap="lg" aria-live="polite">
          {state.step === 'quantity' && !quick.blocked ? <KeyHint keys="1–9" label={t('keyQuantity')} /> : null}
          {state.step === 'quantity' && !quick.blocked ? <KeyHint keys="Enter" label={t('hold')} /> : null}
          {state.step === 'confirm' ? (
            <KeyHint keys="Enter" label={t('payCash', { amount: formatMoney(toPay, locale) })} />
          ) : null}
          {state.step === 'holding' || state.step === 'paying' ? (
            <Group gap={6}>
              <Loader size="xs" />
              <Text size="sm">{state.step === 'holding' ? t('holding') : t('paying')}</Text>
            </Group>
          ) : null}
          {state.step === 'quantity' || state.step === 'confirm' ? (
            <KeyHint keys="Esc" label={state.step === 'confirm' ? t('cancelReleases') : t('cancel')} />
          ) : null}
        </Group>

        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={quick.cancel}
            disabled={state.step === 'holding' || state.step === 'paying'}
          >
            {t('cancel')}
          </Button>
          {state.step === 'confirm' || state.step === 'paying' ? (
            <Button
              onClick={quick.pay}
              loading={state.step === 'paying'}
              disabled={!cashMethod || !walkIn.data}
              data-testid="quick-sale-pay"
            >
              {t('payCash', { amount: formatMoney(toPay, locale) })}
            </Button>
          ) : (
            <Button
              onClick={quick.hold}
              loading={state.step === 'holding'}
              disabled={quick.blocked || quantity === null}
            >
              {t('hold')}
            </Button>
          )}
        </Group>
      </Stack>
    </Dialog>
  );
}

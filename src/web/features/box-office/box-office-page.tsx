import { Alert, Button, Grid, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Modal.css';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { appMessages } from '../../app/messages';
import { isTypingTarget } from '../../app/shell/keys';
import { describeError } from '../../components/error-message';
import { ErrorState } from '../../components/page-states';
import { isApiError } from '../../lib/api-error';
import { addDays, isoLocalDate } from '../../lib/format';
import { useMessages } from '../../lib/i18n';
import { cartQueries } from '../../lib/queries/cart-queries';
import { eventQueries } from '../../lib/queries/event-queries';
import type { CartAddItem } from '../../lib/schemas/partner-cart';
import { boxOfficeMessages } from './box-office-messages';
import { quantityItem } from './cart-model';
import { CartPanel } from './cart-panel';
import { CheckoutPanel } from './checkout-panel';
import { ExtrasPanel } from './extras-panel';
import { PerformancePicker } from './performance-picker';
import { performancesFrom } from './performances';
import { QuantityTickets, rankPricesOf } from './quantity-tickets';
import { SaleComplete } from './sale-complete';
import { fieldMessageOf } from './sale-errors';
import { nextQuantity, type SaleStage, saleKeyAction, type TypedQuantity } from './sale-keys';
import { useSaleCart } from './use-sale-cart';
import './box-office.css';

type AddSource = 'tickets' | 'donation' | 'goods';

const CONTROL_SELECTOR =
  'button, a[href], [role="button"], [role="option"], [role="combobox"], [role="listbox"], summary';

function readEventId(search: URLSearchParams): number | null {
  const value = Number(search.get('event'));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * The box office (`/box-office?event=ID`): pick a performance, add tickets, donations and items to the
 * partner cart, check out with a customer and a payment method. Keyboard first (sale-keys.ts): a whole
 * sale works without a mouse.
 */
export function BoxOfficePage() {
  const t = useMessages(boxOfficeMessages);
  const tApp = useMessages(appMessages);
  const [search, setSearch] = useSearchParams();
  const eventId = readEventId(search);
  const sale = useSaleCart();
  const [stage, setStage] = useState<'select' | 'checkout'>('select');
  const currentStage: SaleStage = sale.completed ? 'done' : stage;

  const searchRef = useRef<HTMLInputElement>(null);
  const [searchRequest, setSearchRequest] = useState(0);
  const ticketsHeadingRef = useRef<HTMLHeadingElement>(null);
  const doneHeadingRef = useRef<HTMLHeadingElement>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);

  // Today's first performance when none is chosen (the picker's list, shared through the query cache).
  const [now] = useState(() => new Date());
  const range = useMemo(() => ({ startDate: isoLocalDate(now), endDate: isoLocalDate(addDays(now, 365)) }), [now]);
  const performances = useQuery(eventQueries.list(range));
  const chooseEvent = useCallback(
    (next: number | null) => {
      setSearch(
        (previous) => {
          const params = new URLSearchParams(previous);
          if (next === null) params.delete('event');
          else params.set('event', String(next));
          return params;
        },
        { replace: true },
      );
    },
    [setSearch],
  );
  useEffect(() => {
    // Never under the hands of someone already searching (the list may arrive after the first keys).
    if (eventId !== null || !performances.data || searchRequest > 0) return;
    if (searchRef.current && searchRef.current === document.activeElement) return;
    const first = performancesFrom(performances.data, now)[0];
    if (first?.today) chooseEvent(first.event.eventId);
  }, [eventId, performances.data, now, chooseEvent, searchRequest]);

  const event = useQuery({ ...eventQueries.detail(eventId ?? 0), enabled: eventId !== null });
  const prices = useMemo(() => (event.data ? rankPricesOf(event.data) : []), [event.data]);
  const [priceId, setPriceId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
  const typedQuantity = useRef<TypedQuantity | null>(null);
  // A new performance starts with its regular price and one ticket.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the performance changes
  useEffect(() => {
    setPriceId(null);
    setQuantity(1);
  }, [eventId]);
  const chosenPrice = prices.find((price) => price.priceId === priceId) ?? prices[0];

  const [addError, setAddError] = useState<{ source: AddSource; error: unknown } | null>(null);
  const addItems = (items: CartAddItem[], source: AddSource) => {
    if (sale.add.isPending || items.length === 0) return;
    setAddError(null);
    sale.add.mutate(items, {
      onError: (error) => {
        setAddError({ source, error });
        // Someone else was quicker: the availability shown is stale.
        if (isApiError(error) && error.kind === 'conflict' && eventId !== null) void event.refetch();
      },
    });
  };
  const errorFor = (source: AddSource) =>
    addError?.source === source ? (fieldMessageOf(addError.error) ?? describeError(addError.error, tApp)) : null;
  const addTickets = () => {
    if (!event.data || !chosenPrice) return;
    addItems([quantityItem(event.data.eventId, chosenPrice, quantity)], 'tickets');
  };

  // Checkout.
  const methods = useQuery(cartQueries.paymentMethods());
  const [customerId] = useState<number | null>(null);
  const [methodId, setMethodId] = useState<number | null>(null);
  const method = methods.data?.find((entry) => entry.paymentMethodId === methodId);
  const cartHasLines = (sale.cart?.cartItems.length ?? 0) > 0;
  const pay = () => {
    if (sale.checkout.isPending || customerId === null || !method || !cartHasLines) return;
    sale.checkout.mutate({ customerId, method });
  };
  const toCheckout = () => {
    if (cartHasLines) setStage('checkout');
  };

  // New sale: abandon an unpaid cart (after a confirmation), then a clean screen.
  const [confirmNewSale, setConfirmNewSale] = useState(false);
  const startOver = useCallback(() => {
    sale.reset();
    setStage('select');
    setMethodId(null);
    setAddError(null);
    setConfirmNewSale(false);
    setSearchRequest((count) => count + 1);
  }, [sale]);
  const newSale = () => {
    if (sale.completed || !cartHasLines) {
      if (sale.cartId && !sale.completed) sale.abandon.mutate(undefined, { onSuccess: startOver });
      else startOver();
      return;
    }
    setConfirmNewSale(true);
  };
  const abandonAndStartOver = () => sale.abandon.mutate(undefined, { onSuccess: startOver });

  // The cart emptied (lines removed, or the hold lapsed) while in checkout: back to the sale.
  useEffect(() => {
    if (stage === 'checkout' && !cartHasLines && !sale.checkout.isPending && !sale.completed) setStage('select');
  }, [stage, cartHasLines, sale.checkout.isPending, sale.completed]);

  // The keyboard map, read through a ref so the listener is added once and always sees current state.
  const onKey = useRef<(event: KeyboardEvent) => void>(() => {});
  onKey.current = (keyEvent: KeyboardEvent) => {
    if (keyEvent.defaultPrevented || confirmNewSale) return;
    const target = keyEvent.target instanceof HTMLElement ? keyEvent.target : null;
    if (target?.closest('[role="dialog"]')) return;
    const action = saleKeyAction(
      {
        key: keyEvent.key,
        ctrlKey: keyEvent.ctrlKey,
        metaKey: keyEvent.metaKey,
        altKey: keyEvent.altKey,
        typing: isTypingTarget(keyEvent.target),
        onControl: Boolean(target?.closest(CONTROL_SELECTOR)),
      },
      currentStage,
    );
    if (!action) return;
    keyEvent.preventDefault();
    switch (action.type) {
      case 'focusSearch':
        setSearchRequest((count) => count + 1);
        break;
      case 'quantityDigit': {
        const next = nextQuantity(typedQuantity.current, action.digit, Date.now());
        typedQuantity.current = next;
        if (next) setQuantity(next.value);
        break;
      }
      case 'add':
        addTickets();
        break;
      case 'checkout':
        toCheckout();
        break;
      case 'paymentMethod': {
        const chosen = methods.data?.[action.index];
        if (chosen) setMethodId(chosen.paymentMethodId);
        break;
      }
      case 'confirmPayment':
        pay();
        break;
      case 'back':
        if (!sale.checkout.isPending) setStage('select');
        break;
      case 'newSale':
        newSale();
        break;
    }
  };
  useEffect(() => {
    const listener = (keyEvent: KeyboardEvent) => onKey.current(keyEvent);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  return (
    <Stack gap="md" className="foyer-box-office">
      <Group justify="space-between" align="baseline">
        <Title order={1}>{t('title')}</Title>
        <Text size="xs" c="dimmed">
          {t('shortcutsHint')}
        </Text>
      </Group>

      {sale.completed ? (
        <Paper withBorder radius="md" p="md" maw={760}>
          <SaleComplete sale={sale.completed} onNewSale={startOver} headingRef={doneHeadingRef} />
        </Paper>
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              <Paper withBorder radius="md" p="md" component="section" aria-labelledby="tickets-title">
                <Stack gap="sm">
                  <PerformancePicker
                    eventId={eventId}
                    onChange={chooseEvent}
                    onChosen={() => ticketsHeadingRef.current?.focus()}
                    inputRef={searchRef}
                    searchRequest={searchRequest}
                  />
                  <Title order={2} size="h4" id="tickets-title" ref={ticketsHeadingRef} tabIndex={-1}>
                    {t('tickets')}
                  </Title>
                  {eventId === null ? (
                    <Text c="dimmed">{t('noPerformance')}</Text>
                  ) : event.isError ? (
                    <ErrorState error={event.error} onRetry={() => void event.refetch()} />
                  ) : !event.data ? (
                    <Text c="dimmed">{t('loading')}</Text>
                  ) : (
                    <form
                      onSubmit={(submit) => {
                        submit.preventDefault();
                        addTickets();
                      }}
                      noValidate
                    >
                      <Stack gap="sm">
                        <QuantityTickets
                          event={event.data}
                          prices={prices}
                          priceId={chosenPrice?.priceId ?? null}
                          onPriceChange={setPriceId}
                          quantity={quantity}
                          onQuantityChange={setQuantity}
                          error={errorFor('tickets')}
                          generalAdmission={null}
                        />
                        <Group>
                          <Button
                            type="submit"
                            ref={addButtonRef}
                            loading={sale.add.isPending}
                            disabled={!chosenPrice || sale.add.isPending}
                            rightSection={<kbd>Enter</kbd>}
                            data-testid="add-tickets"
                          >
                            {t('add')}
                          </Button>
                        </Group>
                      </Stack>
                    </form>
                  )}
                </Stack>
              </Paper>
              <Paper withBorder radius="md" p="md" component="section" aria-labelledby="extras-title">
                <Title order={2} size="h4" id="extras-title" mb="sm">
                  {t('extras')}
                </Title>
                <ExtrasPanel onAdd={addItems} pending={sale.add.isPending} errorFor={errorFor} />
              </Paper>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              <Paper withBorder radius="md" p="md" component="section" aria-labelledby="cart-title">
                <Title order={2} size="h4" id="cart-title" mb="sm">
                  {t('cart')}
                </Title>
                {sale.cartQuery.isError &&
                !(isApiError(sale.cartQuery.error) && sale.cartQuery.error.kind === 'notFound') ? (
                  <ErrorState error={sale.cartQuery.error} onRetry={() => void sale.cartQuery.refetch()} />
                ) : (
                  <CartPanel
                    sale={sale}
                    onCheckout={toCheckout}
                    onStartAgain={newSale}
                    checkoutDisabled={stage === 'checkout'}
                  />
                )}
              </Paper>
              {stage === 'checkout' && sale.cart ? (
                <Paper withBorder radius="md" p="md">
                  <CheckoutPanel
                    cartAmount={sale.cart.amount}
                    customerSlot={
                      <Alert color="gray" variant="light" title={t('customer')}>
                        {t('customerPickerPending')}
                      </Alert>
                    }
                    customerChosen={customerId !== null}
                    methodId={methodId}
                    onMethodChange={setMethodId}
                    onPay={pay}
                    onBack={() => setStage('select')}
                    pending={sale.checkout.isPending}
                    error={sale.checkout.error}
                  />
                </Paper>
              ) : null}
            </Stack>
          </Grid.Col>
        </Grid>
      )}

      <Modal opened={confirmNewSale} onClose={() => setConfirmNewSale(false)} title={t('newSale')} centered>
        <Stack gap="md">
          <Text>{t('newSaleConfirm')}</Text>
          {sale.abandon.isError ? (
            <Alert color="red" variant="light" role="alert">
              {describeError(sale.abandon.error, tApp)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmNewSale(false)}>
              {t('keep')}
            </Button>
            <Button color="red" onClick={abandonAndStartOver} loading={sale.abandon.isPending} data-autofocus>
              {t('abandon')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

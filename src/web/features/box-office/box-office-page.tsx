import { Alert, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Grid.css';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { describeError } from '../../components/error-message';
import { ErrorState } from '../../components/page-states';
import { isApiError } from '../../lib/api-error';
import { appMessages } from '../../lib/app-messages';
import { useMessages } from '../../lib/i18n';
import { PrinterChip } from '../printing/public';
import { useScannedBuyer } from '../scanner/public';
import { ShiftBar } from '../shifts/public';
import { boxOfficeMessages } from './box-office-messages';
import { useBuyerScreen } from './buyer-screen';
import { heldSeatIdsOf, quantityItem, seatItems } from './cart-model';
import { CartPanel } from './cart-panel';
import { CheckoutSection, followPaymentChoice } from './checkout-section';
import { ExtrasPanel } from './extras-panel';
import { NewSaleDialog } from './new-sale-dialog';
import { QuickSaleDialog } from './quick-sale-dialog';
import { SaleComplete } from './sale-complete';
import { fieldMessageOf } from './sale-errors';
import { MAX_QUANTITY } from './sale-keys';
import { type AddSource, saleReducer, saleStage } from './sale-state';
import { ChosenSeatsSection, TicketsSection } from './tickets-section';
import { useAddToCart } from './use-add-to-cart';
import { useCheckout } from './use-checkout';
import { saleStateOnOpen, useCheckoutDraft } from './use-checkout-draft';
import { useCheckoutHistory } from './use-checkout-history';
import { useChosenPerformance } from './use-chosen-performance';
import { useNewSale } from './use-new-sale';
import { usePerformanceTickets } from './use-performance-tickets';
import { useQuickSale } from './use-quick-sale';
import { useSaleCart } from './use-sale-cart';
import { useSaleKeyboard } from './use-sale-keyboard';
import './box-office.css';

/**
 * The box office (`/box-office?event=ID`): pick a performance, add tickets, donations and items to the
 * partner cart, check out with a customer and a payment method. Keyboard first (sale-keys.ts): a whole
 * sale works without a mouse.
 */
export function BoxOfficePage() {
  const t = useMessages(boxOfficeMessages);
  const tApp = useMessages(appMessages);
  const sale = useSaleCart();
  const [state, dispatch] = useReducer(saleReducer, sale.cartId, saleStateOnOpen);
  // Mantine's md breakpoint, where the grid below has two columns; read at once, so nothing moves after the first paint.
  const twoColumns = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const doneHeadingRef = useRef<HTMLHeadingElement>(null);
  const cartHeadingRef = useRef<HTMLHeadingElement>(null);
  // How the completed sale's online payment ended (paid or cancelled), once its status says so.
  const [settled, setSettled] = useState<{ orderId: number; status: string } | null>(null);
  const onPaymentSettled = useCallback(
    (orderId: number, status: string) =>
      setSettled((known) => (known?.orderId === orderId && known.status === status ? known : { orderId, status })),
    [],
  );

  const performance = useChosenPerformance();
  const { eventId } = performance;
  const tickets = usePerformanceTickets(eventId);
  const { event, plan, planMode } = tickets;
  // A new performance starts with its regular price, one ticket and nothing chosen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the performance changes
  useEffect(() => dispatch({ type: 'performanceChanged' }), [eventId]);
  const chosenPrice = tickets.prices.find((price) => price.priceId === state.priceId) ?? tickets.prices[0];
  const heldSeats = useMemo(() => heldSeatIdsOf(sale.cart, eventId ?? 0), [sale.cart, eventId]);

  const addToCart = useAddToCart({ sale, tickets, selectedSeats: state.selectedSeats, dispatch, cartHeadingRef });
  const addSeats = () => {
    if (!event.data || state.selectedSeats.size === 0) return;
    const chosen = [...state.selectedSeats].flatMap((id) => {
      const seat = tickets.seatInfo.get(id);
      return seat ? [seat] : [];
    });
    const { items, unpriced } = seatItems(event.data.eventId, chosen, tickets.seatPrices, {
      perSeat: state.seatPriceChoice,
      forAllName: state.forAllName,
    });
    const message = unpriced.length > 0 ? t('unpricedSeats', { count: unpriced.length }) : null;
    addToCart.add(items, 'tickets', () => dispatch({ type: 'seatsAdded', unpriced, message }));
    if (items.length === 0 && message !== null) dispatch({ type: 'planMessage', message });
  };
  const addTickets = () => {
    if (tickets.past) return;
    if (planMode) {
      addSeats();
      return;
    }
    // Until the plan is in, whether the hall has seats to choose is unknown: no add the seller cannot see.
    if (!event.data || !plan.data || !chosenPrice) return;
    addToCart.add([quantityItem(event.data.eventId, chosenPrice, state.quantity)], 'tickets');
  };
  // A rejected field (422) or a conflict (409) is said at the control; a failure of the network or the
  // server is no fault of the field, so it gets an alert of its own beside the form.
  const { addError } = state;
  const errorFor = (source: AddSource) => (addError?.source === source ? fieldMessageOf(addError.error) : null);
  const failureFor = (source: AddSource | 'extras') =>
    addError &&
    (addError.source === source || (source === 'extras' && addError.source !== 'tickets')) &&
    fieldMessageOf(addError.error) === null ? (
      <Alert color="red" variant="light" role="alert" data-testid="add-failure">
        {describeError(addError.error, tApp)}
      </Alert>
    ) : null;

  const checkout = useCheckout(sale, state, dispatch);
  useCheckoutHistory(
    state.stage,
    {
      cartHasLines: checkout.cartHasLines,
      cartLoading: sale.cartId !== null && sale.completed === null && sale.cartQuery.isPending,
      paying: sale.checkout.isPending,
    },
    dispatch,
  );
  useCheckoutDraft(sale, state, dispatch);
  useBuyerScreen(sale, state);
  const { newSale, startOver, abandonAndStartOver } = useNewSale({
    sale,
    cartHasLines: checkout.cartHasLines,
    dispatch,
    onStartOver: () => {
      addToCart.release();
      checkout.release();
      performance.requestSearch();
    },
  });

  const quickSale = useQuickSale({
    sale,
    tickets,
    price: chosenPrice,
    quantity: state.quantity,
    addToCart,
    checkout,
    dispatch,
    abandonAndStartOver,
  });
  // A scanned customer card or email is the buyer of the sale on screen.
  useScannedBuyer((customer) => dispatch({ type: 'customerChosen', customer }));

  const keysPaused = state.confirmNewSale !== null || quickSale.state.step !== 'closed';
  useSaleKeyboard(saleStage(state, sale.completed !== null), keysPaused, {
    focusSearch: performance.requestSearch,
    setQuantity: planMode ? null : (quantity, tooMany) => dispatch({ type: 'quantityChanged', quantity, tooMany }),
    add: addTickets,
    checkout: checkout.toCheckout,
    quickSale: quickSale.start,
    paymentMethod: (index) => {
      const chosen = checkout.methods?.[index];
      if (!chosen) return;
      dispatch({ type: 'methodChosen', methodId: chosen.paymentMethodId });
      followPaymentChoice();
    },
    confirmPayment: checkout.pay,
    back: () => {
      if (!sale.checkout.isPending) dispatch({ type: 'backToSelect' });
    },
    newSale,
  });

  const addButton = (
    <Group>
      <Button
        type={planMode ? 'button' : 'submit'}
        onClick={planMode ? addSeats : undefined}
        loading={addToCart.pending}
        disabled={(planMode ? state.selectedSeats.size === 0 : !chosenPrice) || addToCart.pending}
        // On the plan Enter chooses the seat in focus; T adds from anywhere (sale-keys.ts).
        rightSection={<kbd aria-hidden>{planMode ? 'T' : 'Enter'}</kbd>}
        aria-keyshortcuts={planMode ? 'T' : 'Enter'}
        data-testid="add-tickets"
      >
        {t('add')}
      </Button>
      {/* The quick walk-in sale (W), for a touchscreen too. */}
      {quickSale.available ? (
        <Button
          variant="default"
          onClick={quickSale.start}
          rightSection={<kbd aria-hidden>W</kbd>}
          aria-keyshortcuts="W"
          data-testid="quick-sale-open"
        >
          {t('walkInSale')}
        </Button>
      ) : null}
    </Group>
  );

  // In one column (a phone) the chosen seats, their Add button and the cart come right after the tickets;
  // donations and items, the rarer part of a sale, go last instead of between them.
  const extrasPanel = (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="extras-title">
      <Title order={2} size="h4" id="extras-title" mb="sm">
        {t('extras')}
      </Title>
      <ExtrasPanel onAdd={addToCart.add} pending={addToCart.pending} errorFor={errorFor} />
      {failureFor('extras')}
    </Paper>
  );

  return (
    <Stack gap="md" className="foyer-box-office">
      <Group justify="space-between" align="baseline">
        <Title order={1}>{t('title')}</Title>
        <Group gap="sm" align="baseline">
          <Text size="xs" c="dimmed" visibleFrom="sm">
            {t('shortcutsHint')}
          </Text>
          <PrinterChip />
        </Group>
      </Group>
      <ShiftBar saleKey={saleKeyOf(sale.completed?.result.orderId ?? null, settled)} />
      {sale.unansweredCheckout && !sale.completed && !sale.checkout.isPending ? (
        <Alert color="yellow" variant="light" role="alert" data-testid="checkout-unanswered">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('checkoutUnanswered', { method: sale.unansweredCheckout.method.name })}</Text>
            <Button size="xs" onClick={checkout.pay}>
              {t('retryCheckout')}
            </Button>
          </Stack>
        </Alert>
      ) : null}

      {sale.completed ? (
        <Paper withBorder radius="md" p="md" maw={760}>
          <SaleComplete
            sale={sale.completed}
            buyer={state.customer}
            onNewSale={newSale}
            onPaymentSettled={onPaymentSettled}
            headingRef={doneHeadingRef}
          />
        </Paper>
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              <TicketsSection
                performance={performance}
                tickets={tickets}
                state={state}
                dispatch={dispatch}
                heldSeats={heldSeats}
                chosenPrice={chosenPrice}
                error={state.quantityTooMany ? t('quantityTooMany', { max: MAX_QUANTITY }) : errorFor('tickets')}
                failure={failureFor('tickets')}
                addButton={addButton}
                onAdd={addTickets}
              />
              {twoColumns ? extrasPanel : null}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              {planMode && plan.data && !tickets.past ? (
                <ChosenSeatsSection
                  tickets={tickets}
                  state={state}
                  dispatch={dispatch}
                  error={
                    state.planMessage ??
                    (addError?.source === 'tickets'
                      ? (fieldMessageOf(addError.error) ?? describeError(addError.error, tApp))
                      : null)
                  }
                  addButton={addButton}
                />
              ) : null}
              <Paper withBorder radius="md" p="md" component="section" aria-labelledby="cart-title">
                <Title order={2} size="h4" id="cart-title" mb="sm" ref={cartHeadingRef} tabIndex={-1}>
                  {t('cart')}
                </Title>
                {sale.cartQuery.isError &&
                !(isApiError(sale.cartQuery.error) && sale.cartQuery.error.kind === 'notFound') ? (
                  <ErrorState error={sale.cartQuery.error} onRetry={() => void sale.cartQuery.refetch()} />
                ) : (
                  <CartPanel
                    sale={sale}
                    onCheckout={checkout.toCheckout}
                    onStartAgain={newSale}
                    onClear={abandonAndStartOver}
                    checkoutDisabled={state.stage === 'checkout'}
                  />
                )}
              </Paper>
              {state.stage === 'checkout' && sale.cart ? (
                <CheckoutSection sale={sale} cart={sale.cart} state={state} dispatch={dispatch} checkout={checkout} />
              ) : null}
              {twoColumns ? null : extrasPanel}
            </Stack>
          </Grid.Col>
        </Grid>
      )}

      <QuickSaleDialog quick={quickSale} cart={sale.cart} />
      <NewSaleDialog
        confirm={state.confirmNewSale}
        abandon={sale.abandon}
        onKeep={() => dispatch({ type: 'newSaleKept' })}
        onStartOver={startOver}
        onAbandon={() => abandonAndStartOver()}
      />
    </Stack>
  );
}

/** The completed sale and how its payment ended, as one key (null without a sale). */
function saleKeyOf(orderId: number | null, settled: { orderId: number; status: string } | null): string | null {
  if (orderId === null) return null;
  return settled?.orderId === orderId ? `${orderId}:${settled.status}` : String(orderId);
}

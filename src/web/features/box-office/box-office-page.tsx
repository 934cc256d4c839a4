import { Alert, Button, Grid, Group, Modal, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/SegmentedControl.css';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { describeError } from '../../components/error-message';
import { ErrorState } from '../../components/page-states';
import { isApiError } from '../../lib/api-error';
import { appMessages } from '../../lib/app-messages';
import { addDays, isoLocalDate } from '../../lib/format';
import { useMessages } from '../../lib/i18n';
import { isTypingTarget } from '../../lib/keys';
import { cartQueries, orderStatusKeys } from '../../lib/queries/cart-queries';
import { eventKeys, eventQueries } from '../../lib/queries/event-queries';
import { seatPlanKeys, seatPlanQueries } from '../../lib/queries/seat-plan-queries';
import type { Buyer } from '../../lib/schemas/customer';
import type { OrderStatus } from '../../lib/schemas/order-status';
import type { CartAddItem } from '../../lib/schemas/partner-cart';
import { isGeneralAdmission } from '../../lib/schemas/seat-plan';
import { CustomerPicker } from '../customers/public';
import { ShiftBar } from '../shifts/public';
import { boxOfficeMessages } from './box-office-messages';
import { heldSeatIdsOf, quantityItem, seatIdsNamedIn, seatItems } from './cart-model';
import { CartPanel } from './cart-panel';
import { CheckoutPanel } from './checkout-panel';
import { ExtrasPanel } from './extras-panel';
import { PerformancePicker } from './performance-picker';
import { performancesFrom } from './performances';
import { ChosenSeats, type PlanSeatInfo, PlanView, planPrices, seatInfoOf, unavailableAmong } from './plan-tickets';
import { QuantityTickets, rankPricesOf } from './quantity-tickets';
import { awaitsOnlinePayment, SaleComplete } from './sale-complete';
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
  const chosenEventId = readEventId(search);
  const sale = useSaleCart();
  // Mantine's md breakpoint, where the grid below has two columns; read at once, so nothing moves after the first paint.
  const twoColumns = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const [stage, setStage] = useState<'select' | 'checkout'>('select');
  const currentStage: SaleStage = sale.completed ? 'done' : stage;

  const searchRef = useRef<HTMLInputElement>(null);
  const [searchRequest, setSearchRequest] = useState(0);
  const ticketsHeadingRef = useRef<HTMLHeadingElement>(null);
  // After a performance is chosen the focus goes to "Tickets" (digits and Enter work at once); once more
  // when its details have loaded, in case the picker's own closing took the focus back meanwhile.
  const focusTicketsNext = useRef(false);
  const doneHeadingRef = useRef<HTMLHeadingElement>(null);
  const cartHeadingRef = useRef<HTMLHeadingElement>(null);

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
  // Computed, not written into the URL: the URL names only what someone chose, and once they start
  // searching (`/`) no default can slip in under their hands while the list arrives.
  const defaultEventId = useMemo(() => {
    const first = performances.data ? performancesFrom(performances.data, now)[0] : undefined;
    return first?.today ? first.event.eventId : null;
  }, [performances.data, now]);
  const eventId = chosenEventId ?? (searchRequest === 0 ? defaultEventId : null);

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
  useEffect(() => {
    if (!focusTicketsNext.current || !event.data) return;
    focusTicketsNext.current = false;
    // Only from the picker (or nowhere): a performance chosen again has its details already, and they load
    // anew after an add — by then the seller may be typing the buyer's email, and keeps the focus there.
    const active = document.activeElement;
    if (active === document.body || active === searchRef.current) ticketsHeadingRef.current?.focus();
  }, [event.data]);

  // Reserved seating: seats on the plan (or the best ones by quantity); general admission: by quantity.
  const queryClient = useQueryClient();
  const plan = useQuery({ ...seatPlanQueries.detail(eventId ?? 0), enabled: eventId !== null });
  const generalAdmission = plan.data ? plan.data.sections.every(isGeneralAdmission) : null;
  const planMode = generalAdmission === false && search.get('view') !== 'quantity';
  const setView = (view: 'plan' | 'quantity') =>
    setSearch(
      (previous) => {
        const params = new URLSearchParams(previous);
        params.set('view', view === 'plan' ? 'seat-plan' : 'quantity');
        return params;
      },
      { replace: true },
    );
  const seatInfo = useMemo(() => (plan.data ? seatInfoOf(plan.data) : new Map<string, PlanSeatInfo>()), [plan.data]);
  const seatPrices = useMemo(() => (plan.data ? planPrices(plan.data) : []), [plan.data]);
  const rankNames = useMemo(() => {
    const names = new Map<number, string>();
    for (const price of event.data?.prices ?? [])
      if (price.rankId !== null && price.rankName) names.set(price.rankId, price.rankName);
    for (const rank of event.data?.availability ?? []) if (rank.rankName) names.set(rank.rankId, rank.rankName);
    return names;
  }, [event.data]);
  const [selectedSeats, setSelectedSeats] = useState<ReadonlySet<string>>(() => new Set());
  const [seatPriceChoice, setSeatPriceChoice] = useState<ReadonlyMap<string, string>>(() => new Map());
  const [forAllName, setForAllName] = useState<string | null>(null);
  const [takenSeats, setTakenSeats] = useState<ReadonlySet<string>>(() => new Set());
  const [planMessage, setPlanMessage] = useState<string | null>(null);
  const heldSeats = useMemo(() => heldSeatIdsOf(sale.cart, eventId ?? 0), [sale.cart, eventId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new performance starts with nothing chosen
  useEffect(() => {
    setSelectedSeats(new Set());
    setSeatPriceChoice(new Map());
    setForAllName(null);
    setTakenSeats(new Set());
    setPlanMessage(null);
  }, [eventId]);
  const seatLabel = (seatId: string) => {
    const seat = seatInfo.get(seatId);
    return seat ? t('seatLabel', { section: seat.sectionName, row: seat.rowNr, seat: seat.seatNr }) : seatId;
  };

  const [addError, setAddError] = useState<{ source: AddSource; error: unknown } | null>(null);
  // Two Enters within one frame both see "not pending" yet: these refs say it at once, so a quick double
  // press neither adds the tickets twice nor sends the checkout twice (the service would answer it with
  // the same order anyway, DESIGN.md decision 7).
  const adding = useRef(false);
  const paying = useRef(false);
  const addItems = (items: CartAddItem[], source: AddSource, onAdded?: () => void) => {
    if (adding.current || sale.add.isPending || items.length === 0) return;
    adding.current = true;
    setAddError(null);
    setPlanMessage(null);
    sale.add.mutate(items, {
      onSettled: () => {
        adding.current = false;
        // The pressed button was disabled while adding, which drops the focus to the page: continue in
        // the cart, where the new lines are and checkout is the next step.
        if (document.activeElement === document.body) cartHeadingRef.current?.focus();
      },
      onSuccess: () => {
        onAdded?.();
        // Held now: availability on the plan and the event changed.
        void queryClient.invalidateQueries({ queryKey: seatPlanKeys.all });
        void queryClient.invalidateQueries({ queryKey: eventKeys.details() });
      },
      onError: (error) => {
        if (isApiError(error) && error.kind === 'conflict' && source === 'tickets' && planMode) {
          void seatTakenMeanwhile(error.message);
          return;
        }
        setAddError({ source, error });
        // Someone else was quicker: the availability shown is stale.
        if (isApiError(error) && error.kind === 'conflict' && eventId !== null) void event.refetch();
      },
    });
  };
  /**
   * A 409: a chosen seat went to another seller meanwhile. The plan is read again; the seats the service
   * named, or the plan now shows unavailable, are marked taken and leave the selection.
   */
  const seatTakenMeanwhile = async (message: string) => {
    const named = seatIdsNamedIn(message, selectedSeats);
    const fresh = await plan.refetch();
    const gone = new Set([...named, ...(fresh.data ? unavailableAmong(fresh.data, selectedSeats) : [])]);
    setTakenSeats((previous) => new Set([...previous, ...gone]));
    setSelectedSeats((previous) => new Set([...previous].filter((id) => !gone.has(id))));
    setPlanMessage(
      gone.size > 0 ? t('seatTaken', { seats: [...gone].map(seatLabel).join('; ') }) : t('seatTakenUnnamed'),
    );
  };
  const addSeats = () => {
    if (!event.data || selectedSeats.size === 0) return;
    const chosen = [...selectedSeats].flatMap((id) => {
      const seat = seatInfo.get(id);
      return seat ? [seat] : [];
    });
    const { items, unpriced } = seatItems(event.data.eventId, chosen, seatPrices, {
      perSeat: seatPriceChoice,
      forAllName,
    });
    addItems(items, 'tickets', () => {
      setSelectedSeats(new Set(unpriced));
      setSeatPriceChoice(new Map());
      setPlanMessage(unpriced.length > 0 ? t('unpricedSeats', { count: unpriced.length }) : null);
    });
    if (items.length === 0 && unpriced.length > 0) setPlanMessage(t('unpricedSeats', { count: unpriced.length }));
  };
  // A rejected field (422) or a conflict (409) is said at the control; a failure of the network or the
  // server is no fault of the field, so it gets an alert of its own beside the form.
  const errorFor = (source: AddSource) => (addError?.source === source ? fieldMessageOf(addError.error) : null);
  const failureFor = (source: AddSource | 'extras') =>
    addError &&
    (addError.source === source || (source === 'extras' && addError.source !== 'tickets')) &&
    fieldMessageOf(addError.error) === null ? (
      <Alert color="red" variant="light" role="alert" data-testid="add-failure">
        {describeError(addError.error, tApp)}
      </Alert>
    ) : null;
  const addTickets = () => {
    if (planMode) {
      addSeats();
      return;
    }
    // Until the plan is in, whether the hall has seats to choose is unknown: no add the seller cannot see.
    if (!event.data || !plan.data || !chosenPrice) return;
    addItems([quantityItem(event.data.eventId, chosenPrice, quantity)], 'tickets');
  };

  // Checkout.
  const methods = useQuery(cartQueries.paymentMethods());
  // The buyer: in memory only (never in storage), gone with "new sale".
  const [customer, setCustomer] = useState<Buyer | null>(null);
  const customerId = customer?.customerId ?? null;
  const [methodId, setMethodId] = useState<number | null>(null);
  const method = methods.data?.find((entry) => entry.paymentMethodId === methodId);
  const cartHasLines = (sale.cart?.cartItems.length ?? 0) > 0;
  const pay = () => {
    if (paying.current || sale.checkout.isPending || customerId === null || !method || !cartHasLines) return;
    paying.current = true;
    sale.checkout.mutate(
      { customerId, method },
      {
        onSettled: () => {
          paying.current = false;
        },
      },
    );
  };
  const focusPaymentMethod = () => {
    const radios = document.querySelectorAll<HTMLInputElement>('[data-testid="checkout-panel"] input[type="radio"]');
    const checked = [...radios].find((radio) => radio.checked);
    (checked ?? radios[0])?.focus();
  };
  const toCheckout = () => {
    if (cartHasLines) setStage('checkout');
  };

  // New sale: abandon an unpaid cart, or leave an online payment still under way (each after a
  // confirmation), then a clean screen.
  const [confirmNewSale, setConfirmNewSale] = useState<'abandonCart' | 'leavePayment' | null>(null);
  const startOver = useCallback(() => {
    sale.reset();
    adding.current = false;
    paying.current = false;
    setStage('select');
    setMethodId(null);
    setCustomer(null);
    setSelectedSeats(new Set());
    setSeatPriceChoice(new Map());
    setTakenSeats(new Set());
    setPlanMessage(null);
    // Seats were sold or released: the plan and the availability figures changed.
    void queryClient.invalidateQueries({ queryKey: seatPlanKeys.all });
    void queryClient.invalidateQueries({ queryKey: eventKeys.details() });
    setAddError(null);
    setConfirmNewSale(null);
    setSearchRequest((count) => count + 1);
  }, [sale, queryClient]);
  // The status the sale screen last read (shared through the query cache).
  const awaitingOnlinePayment = () =>
    sale.completed !== null &&
    awaitsOnlinePayment(
      sale.completed,
      queryClient.getQueryData<OrderStatus>(orderStatusKeys.detail(sale.completed.result.orderKey))
        ?.order_payment_status,
    );
  const newSale = () => {
    if (awaitingOnlinePayment()) {
      setConfirmNewSale('leavePayment');
      return;
    }
    if (sale.completed || !cartHasLines) {
      if (sale.cartId && !sale.completed) sale.abandon.mutate(undefined, { onSuccess: startOver });
      else startOver();
      return;
    }
    setConfirmNewSale('abandonCart');
  };
  const abandonAndStartOver = () => sale.abandon.mutate(undefined, { onSuccess: startOver });

  // The cart emptied (lines removed, or the hold lapsed) while in checkout: back to the sale.
  useEffect(() => {
    if (stage === 'checkout' && !cartHasLines && !sale.checkout.isPending && !sale.completed) setStage('select');
  }, [stage, cartHasLines, sale.checkout.isPending, sale.completed]);

  // The keyboard map, read through a ref so the listener is added once and always sees current state.
  const onKey = useRef<(event: KeyboardEvent) => void>(() => {});
  onKey.current = (keyEvent: KeyboardEvent) => {
    if (keyEvent.defaultPrevented || confirmNewSale !== null) return;
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
        // On the plan, seats are chosen there ("best N" has its own control); digits are for quantities.
        if (planMode) break;
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

  const addButton = (
    <Button
      type={planMode ? 'button' : 'submit'}
      onClick={planMode ? addSeats : undefined}
      loading={sale.add.isPending}
      disabled={(planMode ? selectedSeats.size === 0 : !chosenPrice) || sale.add.isPending}
      rightSection={<kbd>Enter</kbd>}
      data-testid="add-tickets"
    >
      {t('add')}
    </Button>
  );

  // In one column (a phone) the chosen seats, their Add button and the cart come right after the tickets;
  // donations and items, the rarer part of a sale, go last instead of between them.
  const extrasPanel = (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="extras-title">
      <Title order={2} size="h4" id="extras-title" mb="sm">
        {t('extras')}
      </Title>
      <ExtrasPanel onAdd={addItems} pending={sale.add.isPending} errorFor={errorFor} />
      {failureFor('extras')}
    </Paper>
  );

  return (
    <Stack gap="md" className="foyer-box-office">
      <Group justify="space-between" align="baseline">
        <Title order={1}>{t('title')}</Title>
        <Text size="xs" c="dimmed" visibleFrom="sm">
          {t('shortcutsHint')}
        </Text>
      </Group>
      <ShiftBar saleOrderId={sale.completed?.result.orderId ?? null} />

      {sale.completed ? (
        <Paper withBorder radius="md" p="md" maw={760}>
          <SaleComplete sale={sale.completed} onNewSale={newSale} headingRef={doneHeadingRef} />
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
                    onChosen={() => {
                      focusTicketsNext.current = true;
                      ticketsHeadingRef.current?.focus();
                    }}
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
                  ) : plan.isError && !plan.data ? (
                    <ErrorState error={plan.error} onRetry={() => void plan.refetch()} />
                  ) : !plan.data ? (
                    <Text c="dimmed">{t('loadingPlan')}</Text>
                  ) : (
                    <form
                      onSubmit={(submit) => {
                        submit.preventDefault();
                        addTickets();
                      }}
                      noValidate
                    >
                      <Stack gap="sm">
                        {generalAdmission === false ? (
                          <SegmentedControl
                            value={planMode ? 'plan' : 'quantity'}
                            onChange={(value) => setView(value === 'plan' ? 'plan' : 'quantity')}
                            data={[
                              { value: 'plan', label: t('seatPlanTab') },
                              { value: 'quantity', label: t('quantityTab') },
                            ]}
                            aria-label={t('tickets')}
                          />
                        ) : null}
                        {planMode && plan.data ? (
                          <PlanView
                            plan={plan.data}
                            rankNames={rankNames}
                            selected={selectedSeats}
                            onSelectionChange={(next) => {
                              setSelectedSeats(next);
                              setPlanMessage(null);
                            }}
                            held={heldSeats}
                            taken={takenSeats}
                          />
                        ) : (
                          <QuantityTickets
                            event={event.data}
                            prices={prices}
                            priceId={chosenPrice?.priceId ?? null}
                            onPriceChange={setPriceId}
                            quantity={quantity}
                            onQuantityChange={setQuantity}
                            error={errorFor('tickets')}
                            generalAdmission={generalAdmission}
                          />
                        )}
                        {planMode ? null : <Group>{addButton}</Group>}
                        {planMode ? null : failureFor('tickets')}
                      </Stack>
                    </form>
                  )}
                </Stack>
              </Paper>
              {twoColumns ? extrasPanel : null}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              {planMode && plan.data ? (
                <Paper withBorder radius="md" p="md" component="section" aria-labelledby="chosen-title">
                  <Title order={2} size="h4" id="chosen-title" mb="sm">
                    {t('selectedSeats')}
                  </Title>
                  <ChosenSeats
                    seatInfo={seatInfo}
                    prices={seatPrices}
                    rankNames={rankNames}
                    selected={selectedSeats}
                    perSeat={seatPriceChoice}
                    onSeatPrice={(seatId, chosen) =>
                      setSeatPriceChoice((previous) => new Map(previous).set(seatId, chosen))
                    }
                    forAllName={forAllName}
                    onPriceForAll={(name) => {
                      setForAllName(name);
                      setSeatPriceChoice(new Map());
                    }}
                    error={
                      planMessage ??
                      (addError?.source === 'tickets'
                        ? (fieldMessageOf(addError.error) ?? describeError(addError.error, tApp))
                        : null)
                    }
                    addButton={<Group>{addButton}</Group>}
                  />
                </Paper>
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
                      <CustomerPicker
                        value={customer}
                        onChange={(next) => {
                          setCustomer(next);
                          // Chosen: on to the payment method (arrows or 1–9), Enter pays.
                          if (next) window.setTimeout(() => focusPaymentMethod(), 0);
                        }}
                        autoFocus={customer === null}
                      />
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
              {twoColumns ? null : extrasPanel}
            </Stack>
          </Grid.Col>
        </Grid>
      )}

      <Modal opened={confirmNewSale !== null} onClose={() => setConfirmNewSale(null)} title={t('newSale')} centered>
        {confirmNewSale === 'leavePayment' ? (
          <Stack gap="md">
            <Text>{t('leavePaymentConfirm')}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirmNewSale(null)} data-autofocus>
                {t('keepWaiting')}
              </Button>
              <Button onClick={startOver}>{t('startNewSale')}</Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="md">
            <Text>{t('newSaleConfirm')}</Text>
            {sale.abandon.isError ? (
              <Alert color="red" variant="light" role="alert">
                {describeError(sale.abandon.error, tApp)}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirmNewSale(null)}>
                {t('keep')}
              </Button>
              <Button color="red" onClick={abandonAndStartOver} loading={sale.abandon.isPending} data-autofocus>
                {t('abandon')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

import { Alert, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/FloatingIndicator.css';
import { type Dispatch, type ReactNode, useEffect, useRef } from 'react';
import { ErrorState } from '../../components/page-states';
import { formatDateTime } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { boxOfficeMessages } from './box-office-messages';
import type { RankPrice } from './cart-model';
import { PerformancePicker } from './performance-picker';
import { ChosenSeats, PlanView } from './plan-tickets';
import { QuantityTickets } from './quantity-tickets';
import type { SaleAction, SaleState } from './sale-state';
import type { ChosenPerformance } from './use-chosen-performance';
import type { PerformanceTickets } from './use-performance-tickets';

/**
 * "Tickets": the performance picker, then the performance's seat plan or its prices by quantity. Enter in
 * the form adds (onAdd); on the plan the add button sits beside the chosen seats instead.
 */
export function TicketsSection({
  performance: { eventId, chooseEvent, searchRequest },
  tickets: { event, plan, prices, generalAdmission, planMode, past, setView, rankNames },
  state,
  dispatch,
  heldSeats,
  chosenPrice,
  error,
  failure,
  addButton,
  onAdd,
}: {
  performance: ChosenPerformance;
  tickets: PerformanceTickets;
  state: SaleState;
  dispatch: Dispatch<SaleAction>;
  heldSeats: ReadonlySet<string>;
  chosenPrice: RankPrice | undefined;
  error: string | null;
  failure: ReactNode;
  addButton: ReactNode;
  onAdd: () => void;
}) {
  const t = useMessages(boxOfficeMessages);
  const { locale } = useLocale();
  const searchRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // After a performance is chosen the focus goes to "Tickets" (digits and Enter work at once); once more
  // when its details have loaded, in case the picker's own closing took the focus back meanwhile.
  const focusTicketsNext = useRef(false);
  useEffect(() => {
    if (!focusTicketsNext.current || !event.data) return;
    focusTicketsNext.current = false;
    // Only from the picker (or nowhere): a performance chosen again has its details already, and they load
    // anew after an add — by then the seller may be typing the buyer's email, and keeps the focus there.
    const active = document.activeElement;
    if (active === document.body || active === searchRef.current) headingRef.current?.focus();
  }, [event.data]);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="tickets-title">
      <Stack gap="sm">
        <PerformancePicker
          eventId={eventId}
          onChange={chooseEvent}
          onChosen={() => {
            focusTicketsNext.current = true;
            headingRef.current?.focus();
          }}
          inputRef={searchRef}
          searchRequest={searchRequest}
        />
        <Title order={2} size="h4" id="tickets-title" ref={headingRef} tabIndex={-1}>
          {t('tickets')}
        </Title>
        {eventId === null ? (
          <Text c="dimmed">{t('noPerformance')}</Text>
        ) : event.isError ? (
          <ErrorState error={event.error} onRetry={() => void event.refetch()} />
        ) : !event.data ? (
          <Text c="dimmed">{t('loading')}</Text>
        ) : past ? (
          <Alert color="orange" variant="light" role="status" data-testid="performance-past">
            {t('performancePast', { date: formatDateTime(event.data.start, locale) })}
          </Alert>
        ) : plan.isError && !plan.data ? (
          <ErrorState error={plan.error} onRetry={() => void plan.refetch()} />
        ) : !plan.data ? (
          <Text c="dimmed">{t('loadingPlan')}</Text>
        ) : (
          <form
            onSubmit={(submit) => {
              submit.preventDefault();
              onAdd();
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
                  selected={state.selectedSeats}
                  onSelectionChange={(seats) => dispatch({ type: 'seatsSelected', seats })}
                  held={heldSeats}
                  taken={state.takenSeats}
                />
              ) : (
                <QuantityTickets
                  event={event.data}
                  prices={prices}
                  priceId={chosenPrice?.priceId ?? null}
                  onPriceChange={(priceId) => dispatch({ type: 'priceChosen', priceId })}
                  quantity={state.quantity}
                  onQuantityChange={(quantity) => dispatch({ type: 'quantityChanged', quantity })}
                  error={error}
                  generalAdmission={generalAdmission}
                />
              )}
              {planMode ? null : addButton}
              {planMode ? null : failure}
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}

/** Beside the plan: the chosen seats with a price each, and their add button. */
export function ChosenSeatsSection({
  tickets,
  state,
  dispatch,
  error,
  addButton,
}: {
  tickets: PerformanceTickets;
  state: SaleState;
  dispatch: Dispatch<SaleAction>;
  error: string | null;
  addButton: ReactNode;
}) {
  const t = useMessages(boxOfficeMessages);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="chosen-title">
      <Title order={2} size="h4" id="chosen-title" mb="sm">
        {t('selectedSeats')}
      </Title>
      <ChosenSeats
        seatInfo={tickets.seatInfo}
        prices={tickets.seatPrices}
        selected={state.selectedSeats}
        perSeat={state.seatPriceChoice}
        onSeatPrice={(seatId, priceId) => dispatch({ type: 'seatPriceChosen', seatId, priceId })}
        forAllName={state.forAllName}
        onPriceForAll={(name) => dispatch({ type: 'priceForAllChosen', name })}
        error={error}
        addButton={addButton}
      />
    </Paper>
  );
}

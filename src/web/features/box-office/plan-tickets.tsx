import { Alert, NativeSelect, Skeleton, Stack, Table, Text } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Table.css';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef } from 'react';
import { formatMoney } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import type { SeatPlan } from '../../lib/schemas/seat-plan';
import { boxOfficeMessages } from './box-office-messages';
import { priceOfSeat, pricesOfRank, type RankPrice } from './cart-model';

// The viewer (canvas, layout, hit tests) is its own chunk, loaded when a reserved-seating plan is shown.
const SeatPlanViewer = lazy(() => import('../seat-plan/public-viewer'));

/** The service takes at most 50 items per add (contract: partnerCartAddSchema). */
export const MAX_SEATS_PER_ADD = 50;

export interface PlanSeatInfo {
  seatId: string;
  sectionName: string;
  rowNr: number;
  seatNr: number;
  rankId: number;
}

/** Where each seat of the plan is, by id: for the list of chosen seats and their prices. */
export function seatInfoOf(plan: SeatPlan): Map<string, PlanSeatInfo> {
  const info = new Map<string, PlanSeatInfo>();
  for (const section of plan.sections) {
    for (const row of section.rows) {
      for (const seat of row.seats) {
        info.set(seat.seatId, {
          seatId: seat.seatId,
          sectionName: section.sectionName,
          rowNr: row.rowNr,
          seatNr: seat.seatNr,
          rankId: seat.rankId,
        });
      }
    }
  }
  return info;
}

export function planPrices(plan: SeatPlan): RankPrice[] {
  return plan.priceLevels
    .filter((level) => level.priceId !== '')
    .map((level) => ({ priceId: level.priceId, rankId: level.rankId, name: level.name, amount: level.amount }));
}

/**
 * Seats on the plan: the viewer (click, drag, arrows, the list alternative, "best N") keeps no selection
 * of its own; the page keeps it, and ChosenSeats lists it with a price per seat.
 */
export function PlanView({
  plan,
  rankNames,
  selected,
  onSelectionChange,
  held,
  taken,
}: {
  plan: SeatPlan;
  rankNames: ReadonlyMap<number, string>;
  selected: ReadonlySet<string>;
  onSelectionChange: (next: ReadonlySet<string>) => void;
  held: ReadonlySet<string>;
  taken: ReadonlySet<string>;
}) {
  return (
    <Suspense fallback={<Skeleton h={420} radius="md" />}>
      <SeatPlanViewer
        plan={plan}
        selectedSeatIds={selected}
        onSelectionChange={onSelectionChange}
        heldSeatIds={held}
        takenSeatIds={taken}
        maxSelection={MAX_SEATS_PER_ADD}
        rankNames={rankNames}
      />
    </Suspense>
  );
}

/**
 * The chosen seats, each with its price (per ticket), or one price name for all; beside the cart, so
 * the plan stays where it is while seats are added to the list.
 */
export function ChosenSeats({
  seatInfo,
  prices,
  selected,
  perSeat,
  onSeatPrice,
  forAllName,
  onPriceForAll,
  error,
  addButton,
}: {
  seatInfo: ReadonlyMap<string, PlanSeatInfo>;
  prices: RankPrice[];
  selected: ReadonlySet<string>;
  perSeat: ReadonlyMap<string, string>;
  onSeatPrice: (seatId: string, priceId: string) => void;
  forAllName: string | null;
  onPriceForAll: (name: string | null) => void;
  error: string | null;
  addButton: ReactNode;
}) {
  const t = useMessages(boxOfficeMessages);
  const { locale } = useLocale();
  const chosen = useMemo(
    () => [...selected].map((id) => seatInfo.get(id)).filter((seat): seat is PlanSeatInfo => seat !== undefined),
    [selected, seatInfo],
  );
  // A seat's own prices are all of its rank: the name and the amount say it (with the rank too, a phone's select
  // showed "Normaal · 1e rang · €", the amount cut off).
  const priceText = (price: RankPrice) =>
    t('seatPriceOption', { name: price.name, amount: formatMoney(price.amount, locale) });
  // "For all" offers the price names of the plan; each seat takes the price of that name in its rank.
  const forAllNames = useMemo(() => [...new Set(prices.map((price) => price.name))], [prices]);
  // "No longer free: row 3, seat 30" shows here, above the chosen seats: brought into view, or a seller scrolled
  // down the seat list saw only the seat turn unavailable and nothing added.
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) errorRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [error]);

  return (
    <Stack gap="sm" data-testid="chosen-seats-panel">
      {error ? (
        <Alert ref={errorRef} color="red" variant="light" role="alert" data-testid="plan-error">
          {error}
        </Alert>
      ) : null}
      {chosen.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('noSeatsSelected')}
        </Text>
      ) : (
        <>
          <NativeSelect
            label={t('priceForAll')}
            value={forAllName ?? ''}
            onChange={(change) => onPriceForAll(change.currentTarget.value || null)}
            data={[
              { value: '', label: t('regularPrice') },
              ...forAllNames.map((name) => ({ value: name, label: name })),
            ]}
          />
          <Table verticalSpacing={4} data-testid="chosen-seats">
            <Table.Tbody>
              {chosen.map((seat) => {
                const ofRank = pricesOfRank(prices, seat.rankId);
                const current = priceOfSeat(seat, prices, { perSeat, forAllName })?.priceId ?? '';
                const label = t('seatLabel', { section: seat.sectionName, row: seat.rowNr, seat: seat.seatNr });
                return (
                  <Table.Tr key={seat.seatId} data-testid="chosen-seat" data-seat-id={seat.seatId}>
                    <Table.Td>{label}</Table.Td>
                    <Table.Td>
                      <NativeSelect
                        aria-label={t('priceOfSeat', { row: seat.rowNr, seat: seat.seatNr })}
                        value={current}
                        onChange={(change) => onSeatPrice(seat.seatId, change.currentTarget.value)}
                        data={ofRank.map((price) => ({ value: price.priceId, label: priceText(price) }))}
                        size="xs"
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </>
      )}
      {addButton}
    </Stack>
  );
}

/** Which of `seatIds` the (refetched) plan no longer offers: after a 409, these were taken meanwhile. */
export function unavailableAmong(plan: SeatPlan, seatIds: Iterable<string>): string[] {
  const wanted = new Set(seatIds);
  const gone: string[] = [];
  for (const section of plan.sections) {
    for (const row of section.rows) {
      for (const seat of row.seats) {
        if (wanted.has(seat.seatId) && !seat.available) gone.push(seat.seatId);
      }
    }
  }
  return gone;
}

import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useCallback, useMemo, useRef, useState } from 'react';
import { formatMoney, formatNumber } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import type { SeatPlan } from '../../lib/schemas/seat-plan';
import { bestAvailable } from './best-available';
import { SeatCanvas } from './seat-canvas';
import { fullPrice, priceLevelsByRank, rankPriceText } from './seat-info';
import { layoutSeatPlan, SEAT_AVAILABLE } from './seat-layout';
import { SeatList } from './seat-list';
import { seatPlanMessages } from './seat-plan-messages';
import { BestAvailableControl, GeneralAdmissionSection, type LegendRank, SeatPlanLegend } from './seat-plan-parts';
import { DEFAULT_PALETTE } from './seat-renderer';
import { computeStates, STATE_FREE, STATE_HELD, STATE_SELECTED } from './seat-states';
import { changeSelection } from './selection';
import { buildSpatialGrid } from './spatial-grid';
import './seat-plan.css';

export interface SeatPlanViewerProps {
  plan: SeatPlan;
  selectedSeatIds: ReadonlySet<string>;
  onSelectionChange: (next: ReadonlySet<string>) => void;
  /** Seats held in this cart already (shown distinct from selected). */
  heldSeatIds?: ReadonlySet<string>;
  /** Seats found taken meanwhile (409) — shown unavailable even if the plan said available. */
  takenSeatIds?: ReadonlySet<string>;
  /** Max seats selectable at once (optional). */
  maxSelection?: number;
  /** General admission: the quantity asked for; with `onGeneralAdmissionQuantity` a stepper is shown. */
  generalAdmissionQuantity?: number;
  onGeneralAdmissionQuantity?: (sectionId: number, quantity: number) => void;
  /** Rank names (the plan has only rank ids), e.g. from the event's availability; "Rang 3" otherwise. */
  rankNames?: ReadonlyMap<number, string>;
}

const EMPTY: ReadonlySet<string> = new Set();

/**
 * The seat-plan viewer (issue 7): the plan on a canvas with zoom, pan, hover and keyboard focus, a legend of ranks and
 * prices, "best N available", a list alternative for keyboard and screen-reader users, and general admission by
 * quantity. It owns no selection: the caller keeps it and gets every change through `onSelectionChange`.
 * The default export, for `React.lazy(() => import('./seat-plan-viewer'))`.
 */
export default function SeatPlanViewer({
  plan,
  selectedSeatIds,
  onSelectionChange,
  heldSeatIds,
  takenSeatIds,
  maxSelection,
  generalAdmissionQuantity,
  onGeneralAdmissionQuantity,
  rankNames,
}: SeatPlanViewerProps) {
  const t = useMessages(seatPlanMessages);
  const { locale } = useLocale();
  const layout = useMemo(() => layoutSeatPlan(plan), [plan]);
  const grid = useMemo(() => buildSpatialGrid(layout.x, layout.y, layout.count), [layout]);
  const states = useMemo(
    () => computeStates(layout, selectedSeatIds, heldSeatIds ?? EMPTY, takenSeatIds ?? EMPTY),
    [layout, selectedSeatIds, heldSeatIds, takenSeatIds],
  );
  const levels = useMemo(() => priceLevelsByRank(plan.priceLevels), [plan.priceLevels]);
  const selectStartRef = useRef<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const rankName = useCallback(
    (rankId: number) => rankNames?.get(rankId) || t('rankFallback', { id: rankId }),
    [rankNames, t],
  );

  const legendRanks: LegendRank[] = useMemo(() => {
    const free = new Uint32Array(layout.ranks.length);
    for (let seat = 0; seat < layout.count; seat++) {
      if (states[seat] !== STATE_FREE) continue;
      const rank = layout.rankIndex[seat] as number;
      free[rank] = (free[rank] as number) + 1;
    }
    return layout.ranks.map((rankId, index) => ({
      rankId,
      name: rankName(rankId),
      color: DEFAULT_PALETTE.ranks[index % DEFAULT_PALETTE.ranks.length] as string,
      levels: levels.get(rankId) ?? [],
      free: layout.count > 0 ? (free[index] ?? 0) : null,
    }));
  }, [layout, states, levels, rankName]);

  const apply = useCallback(
    (seats: readonly number[], mode: 'toggle' | 'add' | 'replace') => {
      const start = performance.now();
      const { next, refused } = changeSelection(layout, states, selectedSeatIds, seats, mode, maxSelection);
      setNotice(refused > 0 ? t('maxReached', { max: maxSelection ?? 0 }) : null);
      const changed = next.size !== selectedSeatIds.size || [...next].some((id) => !selectedSeatIds.has(id));
      if (changed) {
        selectStartRef.current = start;
        onSelectionChange(next);
      }
    },
    [layout, states, selectedSeatIds, maxSelection, onSelectionChange, t],
  );

  const seatPrice = useCallback(
    (seat: number) =>
      rankPriceText(levels.get(layout.rankId[seat] as number), locale, locale === 'en-GB' ? 'from' : 'vanaf') ??
      t('noPrice'),
    [levels, layout, locale, t],
  );

  const describeSeat = useCallback(
    (seat: number) => {
      const row = layout.rows[layout.rowIndex[seat] as number];
      const section = layout.sections[layout.sectionIndex[seat] as number];
      const state = states[seat];
      const stateText =
        state === STATE_FREE
          ? t('free')
          : state === STATE_SELECTED
            ? t('selected')
            : state === STATE_HELD
              ? t('held')
              : t('unavailable');
      const title = t('tooltipSeat', {
        section: section?.name ?? '',
        row: row?.rowNr ?? '',
        seat: layout.seatNr[seat] as number,
      });
      const rank = rankName(layout.rankId[seat] as number);
      const price = seatPrice(seat);
      return {
        title,
        lines: [`${rank} · ${price}`, stateText],
        announcement: t('announceSeat', {
          section: section?.name ?? '',
          row: row?.rowNr ?? '',
          seat: layout.seatNr[seat] as number,
          rank,
          price,
          state: stateText,
        }),
      };
    },
    [layout, states, rankName, seatPrice, t],
  );

  const chooseBest = (quantity: number, rankId: number | null) => {
    // Seats already chosen count as free for "best N": the new choice replaces the old one.
    const result = bestAvailable(
      layout,
      quantity,
      rankId,
      (seat) => states[seat] === STATE_FREE || states[seat] === STATE_SELECTED,
    );
    if (result.seats.length === 0) {
      setNotice(t('bestNone', { count: quantity }));
      return;
    }
    apply(result.seats, 'replace');
    if (!result.together) setNotice(t('bestScattered', { count: quantity }));
  };

  // Selection summary: the total at each rank's full price (the sale applies discounts per ticket later).
  let total = 0;
  let chosen = 0;
  for (const id of selectedSeatIds) {
    const seat = layout.indexById.get(id);
    if (seat === undefined || states[seat] !== STATE_SELECTED) continue;
    chosen++;
    total += fullPrice(levels.get(layout.rankId[seat] as number));
  }

  const generalSections = layout.sections.filter((section) => section.generalAdmission);
  const generalAvailable = useMemo(() => {
    // The plan's `available` counts every place; what the numbered seats do not account for is general admission.
    let reservedFree = 0;
    for (let seat = 0; seat < layout.count; seat++) if (layout.baseState[seat] === SEAT_AVAILABLE) reservedFree++;
    return Math.max(0, plan.available - reservedFree);
  }, [layout, plan.available]);
  const generalMax = Math.min(generalAvailable, maxSelection ?? generalAvailable);

  return (
    <Stack gap="md" className="seat-plan-viewer" data-testid="seat-plan-viewer" data-seat-count={layout.count}>
      {layout.count > 0 ? (
        <>
          <Paper withBorder radius="md" className="seat-plan-paper">
            <SeatCanvas
              layout={layout}
              grid={grid}
              states={states}
              selectStartRef={selectStartRef}
              onSeats={apply}
              describeSeat={describeSeat}
            />
          </Paper>
          <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
            <Group gap="sm">
              <Text fw={600} className="foyer-tabular" data-testid="seat-selection-summary" aria-live="polite">
                {chosen > 0
                  ? t('selectionTotal', { count: formatNumber(chosen, locale), total: formatMoney(total, locale) })
                  : t('selectionCount', { count: 0 })}
              </Text>
              {chosen > 0 ? (
                <Button variant="subtle" size="xs" onClick={() => apply([], 'replace')}>
                  {t('clearSelection')}
                </Button>
              ) : null}
            </Group>
            <BestAvailableControl
              ranks={legendRanks}
              maxQuantity={Math.min(maxSelection ?? 10, 10)}
              onChoose={chooseBest}
            />
          </Group>
          {notice ? (
            <Text size="sm" className="foyer-warning-text" role="status" data-testid="seat-plan-notice">
              {notice}
            </Text>
          ) : null}
        </>
      ) : generalSections.length === 0 ? (
        <Text c="dimmed">{t('emptyPlan')}</Text>
      ) : null}
      {generalSections.map((section) => (
        <GeneralAdmissionSection
          key={section.sectionId}
          name={section.name}
          available={generalAvailable}
          quantity={generalAdmissionQuantity ?? 0}
          maxQuantity={generalMax}
          onQuantity={
            onGeneralAdmissionQuantity
              ? (quantity) => onGeneralAdmissionQuantity(section.sectionId, quantity)
              : undefined
          }
        />
      ))}
      <SeatPlanLegend ranks={legendRanks} />
      {layout.count > 0 ? (
        <SeatList layout={layout} states={states} seatPrice={seatPrice} onToggle={(seat) => apply([seat], 'toggle')} />
      ) : null}
    </Stack>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { isDatedEvent } from '@/contract/event-kinds';
import { calendarDay, isoLocalDate } from '../../lib/format';
import { useMessages } from '../../lib/i18n';
import { eventQueries } from '../../lib/queries/event-queries';
import { seatPlanQueries } from '../../lib/queries/seat-plan-queries';
import { isGeneralAdmission } from '../../lib/schemas/seat-plan';
import { boxOfficeMessages } from './box-office-messages';
import { type PlanSeatInfo, planPrices, seatInfoOf } from './plan-tickets';
import { rankPricesOf } from './quantity-tickets';

/**
 * What a performance offers: its details and prices, and its seat plan. Reserved seating: seats on the plan
 * (or the best ones by quantity, `?view=quantity`); general admission: by quantity.
 */
export function usePerformanceTickets(eventId: number | null) {
  const t = useMessages(boxOfficeMessages);
  const [search, setSearch] = useSearchParams();
  const event = useQuery({ ...eventQueries.detail(eventId ?? 0), enabled: eventId !== null });
  const prices = useMemo(() => (event.data ? rankPricesOf(event.data) : []), [event.data]);

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
  // A performance of an earlier day (opened by a link, or kept in the URL) sells nothing: the picker offers today's
  // and later ones, and a walkthrough sold seats for one days past. Today's that have begun still sell (latecomers).
  const past = event.data
    ? isDatedEvent(event.data) && calendarDay(event.data.start) < isoLocalDate(new Date())
    : false;
  const seatLabel = (seatId: string) => {
    const seat = seatInfo.get(seatId);
    return seat ? t('seatLabel', { section: seat.sectionName, row: seat.rowNr, seat: seat.seatNr }) : seatId;
  };

  return {
    eventId,
    event,
    prices,
    plan,
    generalAdmission,
    planMode,
    past,
    setView,
    seatInfo,
    seatPrices,
    rankNames,
    seatLabel,
  };
}

export type PerformanceTickets = ReturnType<typeof usePerformanceTickets>;

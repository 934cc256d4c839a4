import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { ReportGrouping } from '@/contract/reports';
import { formatLongDay, formatLongDayWithYear } from '@/web/lib/format';
import { useLocale, useLocalized, useMessages } from '@/web/lib/i18n';
import { performanceLabel } from '@/web/lib/performance-label';
import { eventQueries } from '@/web/lib/queries/event-queries';
import { useChannelLabel } from '../order-parts';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../order-status';
import { ordersMessages } from '../orders-messages';
import type { ChoiceLabels } from './analysis-controls';
import { analysisMessages } from './analysis-messages';

/**
 * A payment method as the analysis shows it: '' is an order without one — a reservation or offer (the gateway
 * gives those no method: nothing has been paid) — "Geen betaling".
 */
export function useMethodLabel() {
  const t = useMessages(analysisMessages);
  return useCallback((value: string) => value || t('noPayment'), [t]);
}

/**
 * The words for the analysis's codes: the filter choices' labels, a performance's name and the current
 * grouping's group labels. Each keeps its identity while its inputs do (the memoised inputs keep their props).
 */
export function useAnalysisLabels(grouping: ReportGrouping) {
  const ts = useMessages(ordersMessages);
  const { locale } = useLocale();
  const localized = useLocalized();
  const channelLabel = useChannelLabel();
  const allEvents = useQuery(eventQueries.everyDate());
  const methodLabel = useMethodLabel();

  const eventsById = useMemo(
    () => new Map((allEvents.data ?? []).map((event) => [event.eventId, event])),
    [allEvents.data],
  );
  // "Name · date", as the waiting list names them: a production plays many times under one name.
  const eventName = useCallback(
    (eventId: number) => {
      const event = eventsById.get(eventId);
      return event ? performanceLabel(event, locale) : ts('eventFallback', { id: eventId });
    },
    [eventsById, locale, ts],
  );
  const statusLabel = useCallback(
    (value: string) => (ORDER_STATUSES[value] ? localized(ORDER_STATUSES[value].label) : value),
    [localized],
  );
  const paymentLabel = useCallback(
    (value: string) => (PAYMENT_STATUSES[value] ? localized(PAYMENT_STATUSES[value].label) : value),
    [localized],
  );
  const choiceLabels = useMemo<ChoiceLabels>(
    () => ({
      status: statusLabel,
      payment: paymentLabel,
      channel: channelLabel,
      method: methodLabel,
      event: eventName,
    }),
    [statusLabel, paymentLabel, channelLabel, methodLabel, eventName],
  );
  const groupLabel = useCallback(
    (key: string): string => {
      switch (grouping) {
        case 'status':
          return statusLabel(key);
        case 'payment':
          return paymentLabel(key);
        case 'channel':
          return channelLabel(key);
        case 'method':
          return methodLabel(key);
        case 'event':
          return eventName(Number(key));
        case 'day':
          // Twelve months span two years: a day of another year says which ("dinsdag 20 januari" twice a year).
          return key.slice(0, 4) === String(new Date().getFullYear())
            ? formatLongDay(`${key}T12:00:00`, locale)
            : formatLongDayWithYear(`${key}T12:00:00`, locale);
        default:
          return key || '–';
      }
    },
    [grouping, statusLabel, paymentLabel, channelLabel, methodLabel, eventName, locale],
  );
  return { eventName, choiceLabels, groupLabel };
}

import { type ComboboxItem, type ComboboxItemGroup, type OptionsFilter, Select } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import { useQuery } from '@tanstack/react-query';
import { type RefObject, useEffect, useMemo, useState } from 'react';
import { ErrorState } from '../../components/page-states';
import { addDays, formatDate, formatTime, isoLocalDate } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { eventQueries } from '../../lib/queries/event-queries';
import type { PartnerEvent } from '../../lib/schemas/partner-event';
import { boxOfficeMessages } from './box-office-messages';
import { matchesPerformance, performancesFrom } from './performances';

/** How far ahead the box office sells: a year of performances is one cached list. */
const SELL_AHEAD_DAYS = 365;

/**
 * The performance to sell: today's performances first, then the later ones; typing searches by name or
 * date. `/` on the page bumps `searchRequest`: the field gets the focus with an empty search, so typing
 * starts a new one. Choosing hands the focus on (`onChosen`), so the sale's keys work at once.
 */
export function PerformancePicker({
  eventId,
  onChange,
  onChosen,
  inputRef,
  searchRequest,
}: {
  eventId: number | null;
  onChange: (eventId: number | null) => void;
  onChosen: () => void;
  inputRef: RefObject<HTMLInputElement | null>;
  searchRequest: number;
}) {
  const t = useMessages(boxOfficeMessages);
  const { locale } = useLocale();
  const [now] = useState(() => new Date());
  const range = useMemo(
    () => ({ startDate: isoLocalDate(now), endDate: isoLocalDate(addDays(now, SELL_AHEAD_DAYS)) }),
    [now],
  );
  const events = useQuery(eventQueries.list(range));
  const [searchValue, setSearchValue] = useState('');
  useEffect(() => {
    if (searchRequest === 0) return;
    setSearchValue('');
    inputRef.current?.focus();
  }, [searchRequest, inputRef]);

  const { data, byValue } = useMemo(() => {
    const list = performancesFrom(events.data ?? [], now);
    const byValue = new Map<string, PartnerEvent>();
    const label = (event: PartnerEvent) =>
      `${formatDate(event.start, locale)} ${formatTime(event.start, locale)} — ${event.eventName}`;
    const item = (event: PartnerEvent): ComboboxItem => {
      byValue.set(String(event.eventId), event);
      return { value: String(event.eventId), label: label(event) };
    };
    const groups: ComboboxItemGroup<ComboboxItem>[] = [];
    const today = list.filter((entry) => entry.today).map((entry) => item(entry.event));
    const later = list.filter((entry) => !entry.today).map((entry) => item(entry.event));
    if (today.length > 0) groups.push({ group: t('performanceToday'), items: today });
    if (later.length > 0) groups.push({ group: t('performanceLater'), items: later });
    return { data: groups, byValue };
  }, [events.data, now, locale, t]);

  const filter: OptionsFilter = ({ options, search }) =>
    options
      .map((option) => {
        if (!('group' in option)) return option;
        const items = option.items.filter((entry) => {
          const event = byValue.get(entry.value);
          return event ? matchesPerformance(search, event, now) : false;
        });
        return { ...option, items };
      })
      .filter((option) => !('group' in option) || option.items.length > 0);

  if (events.isError) return <ErrorState error={events.error} onRetry={() => void events.refetch()} />;

  return (
    <Select
      ref={inputRef}
      label={t('performance')}
      placeholder={events.isPending ? t('loading') : t('performanceSearch')}
      data={data}
      value={eventId === null ? null : String(eventId)}
      onChange={(value) => onChange(value ? Number(value) : null)}
      // After Mantine has taken the choice (it calls this first), and before any next key: a digit typed at once
      // is the quantity, not more search text (a timer would let the browser handle the key first).
      onOptionSubmit={() => queueMicrotask(onChosen)}
      // The next sale is often for the same performance: choosing it again keeps it (Mantine would deselect it).
      allowDeselect={false}
      searchable
      searchValue={searchValue}
      onSearchChange={setSearchValue}
      filter={filter}
      nothingFoundMessage={
        searchValue.trim() ? t('noPerformanceMatches', { search: searchValue.trim() }) : t('noPerformances')
      }
      // A click into the field with a performance chosen selects its name: what is typed then searches anew
      // (a walkthrough's "mahler" landed inside the chosen name).
      onClick={(event) => event.currentTarget.select()}
      maxDropdownHeight={360}
      comboboxProps={{ keepMounted: false }}
      selectFirstOptionOnChange
      // Opening the list highlights its first option at once. Mantine's default instead looks for the chosen option
      // on a timer, and a timer that ran after keys typed fast (the browser takes keys first) cleared the highlight
      // that typing had set: the option still looked highlighted, and Enter chose nothing.
      selectFirstOptionOnDropdownOpen
      data-testid="performance-picker"
    />
  );
}

import { Button, Group, NativeSelect, Paper, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import '@mantine/core/styles/Combobox.css';
import { type ChangeEvent, memo, useEffect, useMemo, useState } from 'react';
import type { Choice as ChoiceCount, Choices } from '@/contract/reports';
import { formatNumber } from '@/web/lib/format';
import { useLocale, useMessages } from '@/web/lib/i18n';
import { validIsoDate } from '../order-ref';
import { analysisMessages } from './analysis-messages';
import { type AnalysisFilters, type AnalysisParams, hasFilters, NO_FILTERS } from './analysis-params';

/** How a value is shown in a select; stable functions, so the selects keep their options. */
export interface ChoiceLabels {
  status: (value: string) => string;
  payment: (value: string) => string;
  channel: (value: string) => string;
  method: (value: string) => string;
  event: (eventId: number) => string;
}

interface Option {
  value: string;
  label: string;
}

/** Typing in the search field asks the server once the typing pauses. */
const TEXT_DELAY_MS = 300;

/**
 * The filters, grouping and sort of the analysis, with the clear button and the CSV link. The choices are
 * the values the period's orders have, with their counts, from the gateway. Each input is memoised with its
 * options: a change renders the one input that changed.
 */
export function AnalysisControls({
  params,
  choices,
  labels,
  onFilter,
  onUpdate,
  csvUrl,
  csvCount,
}: {
  params: AnalysisParams;
  choices: Choices | undefined;
  labels: ChoiceLabels;
  /** Stable: called with the filters that change. */
  onFilter: (change: Partial<AnalysisFilters>) => void;
  /** Stable: called with the grouping or sort that changes, or with all filters cleared. */
  onUpdate: (change: Partial<AnalysisParams>) => void;
  /** The filtered set as CSV; null while there is nothing to export. */
  csvUrl: string | null;
  csvCount: number;
}) {
  const t = useMessages(analysisMessages);
  const { locale } = useLocale();
  const { filters } = params;
  const options = useMemo(() => {
    // Statuses, channels and methods count orders; performances and price names count tickets (an order holds
    // several): said, or "Mahler (419)" read as 419 orders where 158 were.
    const withAll = (
      list: readonly ChoiceCount[] | undefined,
      label: (value: string) => string,
      current: string,
      counts: 'withCount' | 'withTicketCount' = 'withCount',
    ) => {
      const values = list ?? [];
      const shown: Option[] = [
        { value: '', label: t('all') },
        ...values.map((choice) => ({
          value: choice.value,
          label: t(counts, { label: label(choice.value), count: formatNumber(choice.count, locale) }),
        })),
      ];
      // A value from the URL the period does not have still shows as chosen.
      if (current && !values.some((choice) => choice.value === current)) {
        shown.push({ value: current, label: label(current) });
      }
      return shown;
    };
    return {
      status: withAll(choices?.status, labels.status, filters.status),
      payment: withAll(choices?.payment, labels.payment, filters.payment),
      channel: withAll(choices?.channel, labels.channel, filters.channel),
      // Orders without a method ('', "Geen betaling") cannot be chosen here: '' is "all" in the select.
      method: withAll(
        choices?.method.filter((choice) => choice.value !== ''),
        labels.method,
        filters.method,
      ),
      event: withAll(
        choices?.event,
        (value) => labels.event(Number(value)),
        filters.event === null ? '' : String(filters.event),
        'withTicketCount',
      ),
      price: withAll(choices?.price, (value) => value || '–', filters.price, 'withTicketCount'),
      group: [
        { value: 'none', label: t('groupNone') },
        { value: 'status', label: t('groupStatus') },
        { value: 'payment', label: t('groupPayment') },
        { value: 'channel', label: t('groupChannel') },
        { value: 'method', label: t('groupMethod') },
        { value: 'event', label: t('groupEvent') },
        { value: 'price', label: t('groupPrice') },
        { value: 'day', label: t('groupDay') },
      ],
      sort: [
        { value: 'date-desc', label: t('sortDateDesc') },
        { value: 'date-asc', label: t('sortDateAsc') },
        { value: 'amount-desc', label: t('sortAmountDesc') },
        { value: 'amount-asc', label: t('sortAmountAsc') },
        { value: 'id', label: t('sortId') },
      ],
    };
  }, [choices, labels, t, locale, filters]);
  const set = useMemo(
    () => ({
      status: (status: string) => onFilter({ status }),
      payment: (payment: string) => onFilter({ payment }),
      channel: (channel: string) => onFilter({ channel }),
      method: (method: string) => onFilter({ method }),
      event: (value: string) => {
        const event = Number(value);
        onFilter({ event: event > 0 ? event : null });
      },
      price: (price: string) => onFilter({ price }),
      day: (value: string) => onFilter({ day: validIsoDate(value) }),
      text: (text: string) => onFilter({ text }),
      group: (group: string) => onUpdate({ group: group as AnalysisParams['group'] }),
      sort: (sort: string) => onUpdate({ sort: sort as AnalysisParams['sort'] }),
    }),
    [onFilter, onUpdate],
  );

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('filtersLabel')}>
      <Stack gap="sm">
        <Group gap="md" align="flex-end" wrap="wrap">
          <Choice
            label={t('filterStatus')}
            value={filters.status}
            options={options.status}
            onChange={set.status}
            testId="filter-status"
          />
          <Choice
            label={t('filterPayment')}
            value={filters.payment}
            options={options.payment}
            onChange={set.payment}
            testId="filter-payment"
          />
          <Choice
            label={t('filterChannel')}
            value={filters.channel}
            options={options.channel}
            onChange={set.channel}
            testId="filter-channel"
          />
          <Choice
            label={t('filterMethod')}
            value={filters.method}
            options={options.method}
            onChange={set.method}
            testId="filter-method"
          />
          <Choice
            label={t('filterEvent')}
            value={filters.event === null ? '' : String(filters.event)}
            options={options.event}
            onChange={set.event}
            testId="filter-event"
            maw={300}
          />
          <Choice
            label={t('filterPrice')}
            value={filters.price}
            options={options.price}
            onChange={set.price}
            testId="filter-price"
            maw={220}
          />
          <DayField label={t('filterDay')} value={filters.day} onChange={set.day} />
          <SearchField label={t('filterText')} value={filters.text} onChange={set.text} />
        </Group>
        <Group gap="md" align="flex-end" wrap="wrap">
          <Choice
            label={t('groupBy')}
            value={params.group}
            options={options.group}
            onChange={set.group}
            testId="group-by"
          />
          <Choice label={t('sortBy')} value={params.sort} options={options.sort} onChange={set.sort} testId="sort-by" />
          {hasFilters(filters) ? (
            <Button variant="subtle" onClick={() => onUpdate({ filters: NO_FILTERS })}>
              {t('clearFilters')}
            </Button>
          ) : null}
          {csvUrl ? (
            <Button
              component="a"
              href={csvUrl}
              download
              variant="light"
              data-testid="export-csv"
              title={t('exportCsvHint', { count: formatNumber(csvCount, locale) })}
            >
              {t('exportCsv')}
            </Button>
          ) : (
            <Button variant="light" disabled data-testid="export-csv">
              {t('exportCsv')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

const Choice = memo(function Choice({
  label,
  value,
  options,
  onChange,
  testId,
  maw,
}: {
  label: string;
  value: string;
  options: Option[];
  onChange: (value: string) => void;
  testId: string;
  maw?: number;
}) {
  return (
    <NativeSelect
      label={label}
      value={value}
      onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.currentTarget.value)}
      data={options}
      maw={maw}
      data-testid={testId}
    />
  );
});

const DayField = memo(function DayField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextInput
      type="date"
      label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      data-testid="filter-day"
    />
  );
});

/** The search field keeps what is typed and hands it on when the typing pauses. */
const SearchField = memo(function SearchField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  // The URL changed by other means (clear filters, back): the field follows.
  useEffect(() => setDraft(value), [value]);
  const commit = useDebouncedCallback(onChange, TEXT_DELAY_MS);
  return (
    <TextInput
      type="search"
      label={label}
      value={draft}
      onChange={(event) => {
        setDraft(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onChange(event.currentTarget.value);
      }}
      data-testid="filter-text"
    />
  );
});

import { Button, Group, NativeSelect, Paper, Stack, TextInput } from '@mantine/core';
import { type ChangeEvent, memo, useMemo } from 'react';
import { useMessages } from '../../../lib/i18n';
import { validIsoDate } from '../order-ref';
import { analysisMessages } from './analysis-messages';
import { type AnalysisFilters, type Grouping, hasFilters, NO_FILTERS, type SortOrder } from './analysis-model';
import type { AnalysisParams } from './analysis-params';

/** The values each filter offers (those the loaded orders have), most frequent first. */
export interface AnalysisChoices {
  status: string[];
  payment: string[];
  channel: string[];
  method: string[];
  event: number[];
}

/** How a value is shown in a select; stable functions, so the selects keep their options. */
export interface ChoiceLabels {
  status: (value: string) => string;
  payment: (value: string) => string;
  channel: (value: string) => string;
  event: (eventId: number) => string;
}

interface Option {
  value: string;
  label: string;
}

/**
 * The filters, grouping and sort of the analysis, with the clear and export buttons. Every change renders
 * this panel again, so each input is memoised with its options: a change renders the one input that changed,
 * not all nine with their few hundred options (rendering them all was a third of a change's time).
 */
export function AnalysisControls({
  params,
  choices,
  labels,
  onFilter,
  onUpdate,
  onExport,
  canExport,
}: {
  params: AnalysisParams;
  choices: AnalysisChoices;
  labels: ChoiceLabels;
  /** Stable: called with the filters that change. */
  onFilter: (change: Partial<AnalysisFilters>) => void;
  /** Stable: called with the grouping or sort that changes, or with all filters cleared. */
  onUpdate: (change: Partial<AnalysisParams>) => void;
  onExport: () => void;
  canExport: boolean;
}) {
  const t = useMessages(analysisMessages);
  const { filters } = params;
  const options = useMemo(() => {
    const withAll = (values: string[], label: (value: string) => string): Option[] => [
      { value: '', label: t('all') },
      ...values.map((value) => ({ value, label: label(value) })),
    ];
    return {
      status: withAll(choices.status, labels.status),
      payment: withAll(choices.payment, labels.payment),
      channel: withAll(choices.channel, labels.channel),
      method: withAll(choices.method, (value) => value || '–'),
      event: withAll(choices.event.map(String), (value) => labels.event(Number(value))),
      group: [
        { value: 'none', label: t('groupNone') },
        { value: 'status', label: t('groupStatus') },
        { value: 'payment', label: t('groupPayment') },
        { value: 'channel', label: t('groupChannel') },
        { value: 'method', label: t('groupMethod') },
        { value: 'event', label: t('groupEvent') },
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
  }, [choices, labels, t]);
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
      day: (value: string) => onFilter({ day: validIsoDate(value) }),
      text: (text: string) => onFilter({ text }),
      group: (group: string) => onUpdate({ group: group as Grouping }),
      sort: (sort: string) => onUpdate({ sort: sort as SortOrder }),
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
            maw={280}
          />
          <Field type="date" label={t('filterDay')} value={filters.day} onChange={set.day} testId="filter-day" />
          <Field type="search" label={t('filterText')} value={filters.text} onChange={set.text} testId="filter-text" />
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
          <Button variant="light" onClick={onExport} disabled={!canExport} data-testid="export-csv">
            {t('exportCsv')}
          </Button>
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

const Field = memo(function Field({
  type,
  label,
  value,
  onChange,
  testId,
}: {
  type: 'date' | 'search';
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  return (
    <TextInput
      type={type}
      label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      data-testid={testId}
    />
  );
});

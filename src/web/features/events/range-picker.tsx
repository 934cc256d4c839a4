import { Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/SegmentedControl.css';
import { useId } from 'react';
import { useMessages } from '../../lib/i18n';
import { presetRange, type RangeParams, type RangePreset } from './event-list-params';
import { eventsMessages } from './events-messages';

/**
 * The period of an events view: the presets (next 60 days, today, this week, this month) or a custom
 * from–to. A half-typed or reversed custom date is not applied, so the list never flips to an error.
 */
export function RangePicker({
  value,
  now,
  onChange,
}: {
  value: RangeParams;
  now: Date;
  onChange: (next: RangeParams) => void;
}) {
  const t = useMessages(eventsMessages);
  const labelId = useId();
  const { preset, range } = value;
  const presetOptions: Array<{ value: RangePreset; label: string }> = [
    { value: 'next60', label: t('presetNext60') },
    { value: 'today', label: t('presetToday') },
    { value: 'week', label: t('presetWeek') },
    { value: 'month', label: t('presetMonth') },
    { value: 'custom', label: t('presetCustom') },
  ];
  const setPreset = (next: RangePreset) =>
    onChange({ preset: next, range: next === 'custom' ? range : presetRange(next, now) });
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <Stack gap={4}>
        <Text size="sm" fw={500} id={labelId}>
          {t('range')}
        </Text>
        <SegmentedControl
          aria-labelledby={labelId}
          data={presetOptions}
          value={preset}
          onChange={(next) => setPreset(next as RangePreset)}
          size="sm"
        />
      </Stack>
      {preset === 'custom' ? (
        <>
          <TextInput
            type="date"
            label={t('from')}
            value={range.startDate}
            max={range.endDate}
            onChange={(event) => {
              const next = event.currentTarget.value;
              if (next && next <= range.endDate) onChange({ preset, range: { ...range, startDate: next } });
            }}
          />
          <TextInput
            type="date"
            label={t('to')}
            value={range.endDate}
            min={range.startDate}
            onChange={(event) => {
              const next = event.currentTarget.value;
              if (next && next >= range.startDate) onChange({ preset, range: { ...range, endDate: next } });
            }}
          />
        </>
      ) : null}
    </Group>
  );
}

import { Group, NativeSelect, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/FloatingIndicator.css';
import { useId } from 'react';
import { useMessages } from '../../lib/i18n';
import { presetRange, type RangeParams, type RangePreset } from './event-list-params';
import { eventsMessages } from './events-messages';

/** A change of the period, applied to the period as it is when the change lands (see `onChange`). */
export type RangeUpdate = (current: RangeParams) => RangeParams;

/**
 * The period of an events view: the presets (next 60 days, today, this week, this month) or a custom
 * from–to. A half-typed or reversed custom date is not applied, so the list never flips to an error.
 * Changes are updaters, not values: the URL changes at once but the page re-renders in a transition, so a
 * second quick change must build on the first, not on what this render was given.
 */
export function RangePicker({
  value,
  now,
  onChange,
}: {
  value: RangeParams;
  now: Date;
  onChange: (update: RangeUpdate) => void;
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
    onChange((current) => ({ preset: next, range: next === 'custom' ? current.range : presetRange(next, now) }));
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <Stack gap={4}>
        <Text size="sm" fw={500} id={labelId}>
          {t('range')}
        </Text>
        {/* Five presets side by side are some 600 px wide: narrower (a phone, a tablet beside the navigation) they
            are a select, so the page does not scroll sideways. One or the other is shown, by CSS. */}
        <SegmentedControl
          aria-labelledby={labelId}
          data={presetOptions}
          value={preset}
          onChange={(next) => setPreset(next as RangePreset)}
          size="sm"
          visibleFrom="md"
        />
        <NativeSelect
          aria-labelledby={labelId}
          data={presetOptions}
          value={preset}
          onChange={(event) => setPreset(event.currentTarget.value as RangePreset)}
          hiddenFrom="md"
          data-testid="range-select"
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
              if (!next) return;
              onChange((current) =>
                next <= current.range.endDate
                  ? { preset: 'custom', range: { ...current.range, startDate: next } }
                  : current,
              );
            }}
          />
          <TextInput
            type="date"
            label={t('to')}
            value={range.endDate}
            min={range.startDate}
            onChange={(event) => {
              const next = event.currentTarget.value;
              if (!next) return;
              onChange((current) =>
                next >= current.range.startDate
                  ? { preset: 'custom', range: { ...current.range, endDate: next } }
                  : current,
              );
            }}
          />
        </>
      ) : null}
    </Group>
  );
}

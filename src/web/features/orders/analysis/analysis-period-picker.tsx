import { Button, Group, Paper, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { addDays, isoLocalDate } from '@/web/lib/format';
import { useMessages } from '@/web/lib/i18n';
import { validIsoDate } from '../order-ref';
import { analysisMessages } from './analysis-messages';
import type { AnalysisParams } from './analysis-params';

/** The period of order dates: two days and the usual choices. */
export function PeriodPicker({
  params,
  now,
  onChange,
}: {
  params: AnalysisParams;
  now: Date;
  onChange: (change: Partial<AnalysisParams>) => void;
}) {
  const t = useMessages(analysisMessages);
  const today = isoLocalDate(now);
  const presets = [
    { label: t('presetToday'), from: today },
    { label: t('preset7'), from: isoLocalDate(addDays(now, -6)) },
    { label: t('preset30'), from: isoLocalDate(addDays(now, -30)) },
    { label: t('presetYear'), from: `${today.slice(0, 4)}-01-01` },
    { label: t('preset365'), from: isoLocalDate(addDays(now, -365)) },
  ];
  const [from, setFrom] = useState(params.from);
  const [to, setTo] = useState(params.to);
  useEffect(() => setFrom(params.from), [params.from]);
  useEffect(() => setTo(params.to), [params.to]);
  const commit = (nextFrom: string, nextTo: string) => {
    if (validIsoDate(nextFrom) && validIsoDate(nextTo) && nextFrom <= nextTo) onChange({ from: nextFrom, to: nextTo });
  };
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('periodLabel')}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label={t('periodFrom')}
          value={from}
          max={to}
          onChange={(event) => {
            setFrom(event.currentTarget.value);
            commit(event.currentTarget.value, to);
          }}
          data-testid="analysis-from"
        />
        <TextInput
          type="date"
          label={t('periodTo')}
          value={to}
          min={from}
          onChange={(event) => {
            setTo(event.currentTarget.value);
            commit(from, event.currentTarget.value);
          }}
          data-testid="analysis-to"
        />
        <Group gap={4} wrap="wrap">
          {presets.map((preset) => {
            const active = params.from === preset.from && params.to === today;
            return (
              <Button
                key={preset.label}
                size="xs"
                variant={active ? 'filled' : 'default'}
                aria-pressed={active}
                onClick={() => onChange({ from: preset.from, to: today })}
              >
                {preset.label}
              </Button>
            );
          })}
        </Group>
      </Group>
    </Paper>
  );
}

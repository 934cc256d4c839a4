import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Radio.css';
import { useQuery } from '@tanstack/react-query';
import type { WatermarkView } from '@/contract/exports';
import { describeError } from '../../components/error-message';
import { MirrorFreshness } from '../../components/mirror-freshness';
import { appMessages } from '../../lib/app-messages';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { timeFieldOf } from './export-kinds';
import type { ExportSettings } from './export-settings';
import type { ExportsT as T } from './exports-messages';
import { exportQueries } from './exports-queries';

/** "up to 23 Nov 2026 14:03, by Jan (yesterday 09:12)": whose export the watermark comes from. */
function watermarkLine(t: T, watermark: WatermarkView, locale: ReturnType<typeof useLocale>['locale']) {
  const values = { at: formatDateTime(watermark.at, locale), savedAt: formatDateTime(watermark.savedAt, locale) };
  return watermark.savedBy
    ? t('watermarkLine', { ...values, by: watermark.savedBy })
    : t('watermarkLineSchedule', values);
}

export function ScopeChoice({
  t,
  settings,
  watermark,
  mode,
  onMode,
  onForget,
}: {
  t: T;
  settings: ExportSettings;
  watermark: WatermarkView | null;
  mode: 'full' | 'changes';
  onMode: (mode: 'full' | 'changes') => void;
  onForget: () => void;
}) {
  const { locale } = useLocale();
  const tApp = useMessages(appMessages);
  const count = useQuery(exportQueries.count(settings.kind, settings.rows));

  const fullLine = count.data
    ? t('totalRecords', { count: formatNumber(count.data.total, locale) })
    : count.isError
      ? describeError(count.error, tApp)
      : t('totalCounting');
  const changesLine =
    count.data?.changed !== null && count.data?.changed !== undefined
      ? t('changedSince', { count: formatNumber(count.data.changed, locale) })
      : count.isError
        ? t('changedSinceFailed', { message: describeError(count.error, tApp) })
        : t('changedSinceCounting');

  return (
    <Stack gap="xs">
      <Radio.Group
        label={t('mode')}
        value={mode}
        onChange={(value) => {
          // Counted afresh when chosen: sales made since the page opened count too.
          if (value === 'changes') void count.refetch();
          onMode(value as 'full' | 'changes');
        }}
        description={t('watermarkHelp', { field: timeFieldOf(settings.kind) })}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="full" label={t('modeFull')} description={fullLine} data-testid="mode-full" />
          <Radio
            value="changes"
            label={t('modeIncremental')}
            description={watermark ? changesLine : t('noWatermark')}
            disabled={!watermark}
            data-testid="mode-changes"
          />
        </Stack>
      </Radio.Group>
      {/* "Changes only" holds what Foyer's copy has read: how fresh it is, for this kind. */}
      {settings.kind !== 'clienttypes' ? (
        <Group gap="xs" wrap="wrap" data-testid="export-mirror-source">
          <Text size="sm">{t('mirrorSource')}</Text>
          <MirrorFreshness resources={[settings.kind]} />
        </Group>
      ) : null}
      {count.data?.source === 'service' ? (
        <Text size="sm" className="foyer-warning-text">
          {t('sourceService')}
        </Text>
      ) : null}
      {watermark ? (
        <Group gap="xs" wrap="wrap">
          <Text size="sm" data-testid="watermark-line">
            {watermarkLine(t, watermark, locale)}
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={onForget} title={t('forgetWatermarkHint')}>
            {t('forgetWatermark')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

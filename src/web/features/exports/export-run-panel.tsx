import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Loader.css';
import { READABLE_ALERT_TITLE } from '../../components/alert-styles';
import { describeError } from '../../components/error-message';
import { appMessages } from '../../lib/app-messages';
import { formatDateTime, formatNumber } from '../../lib/format';
import { formatBytes } from '../../lib/format-extra';
import { type useLocale, useMessages } from '../../lib/i18n';
import { canStreamToFile } from './export-sink';
import type { ExportsT as T } from './exports-messages';
import type { ExportRunState } from './use-export-run';

/** Alert titles in the body colour: the light variants' coloured titles fall short of WCAG AA contrast. */
export function RunPanel({
  t,
  locale,
  state,
  onStart,
  onCancel,
  disabled,
}: {
  t: T;
  locale: ReturnType<typeof useLocale>['locale'];
  state: ExportRunState;
  onStart: () => void;
  onCancel: () => void;
  disabled: boolean;
}) {
  const tApp = useMessages(appMessages);
  const n = (value: number) => formatNumber(value, locale);

  if (state.status === 'running') {
    const progress = state.progress;
    return (
      <Paper withBorder radius="md" p="md" data-testid="export-running">
        <Stack gap="sm">
          <Text size="sm">{state.sinkMode === 'file' ? t('saveMode') : t('downloadMode')}</Text>
          {state.source === 'service' ? (
            <Text size="sm" className="foyer-warning-text">
              {t('sourceService')}
            </Text>
          ) : null}
          <Group justify="space-between" wrap="wrap">
            <Group gap="xs">
              <Loader size="sm" aria-hidden="true" />
              <Text
                size="sm"
                className="foyer-tabular"
                aria-live="polite"
                data-testid="export-progress"
                aria-label={t('progressLabel')}
              >
                {progress
                  ? t('progressBytes', { records: n(progress.records), size: formatBytes(progress.bytes, locale) })
                  : t('starting')}
              </Text>
            </Group>
            <Button variant="default" color="red" onClick={onCancel}>
              {t('cancel')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  }

  return (
    <Stack gap="md">
      <Group gap="sm">
        <Button onClick={onStart} disabled={disabled} size="md">
          {t('start')}
        </Button>
        <Text size="xs" c="dimmed">
          {canStreamToFile() ? t('saveMode') : t('downloadMode')}
        </Text>
      </Group>
      {state.status === 'done' ? (
        <Outcome t={t} locale={locale} state={state} />
      ) : state.status === 'cancelled' ? (
        <Alert color="gray" styles={READABLE_ALERT_TITLE} title={t('cancelledTitle')} role="status">
          {t('cancelledText')}
        </Alert>
      ) : state.status === 'failed' ? (
        <Alert color="red" title={t('failedTitle')} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('failedText', { message: describeError(state.error, tApp) })}</Text>
            <Anchor component="button" type="button" size="sm" onClick={onStart}>
              {t('tryAgain')}
            </Anchor>
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}

function Outcome({
  t,
  locale,
  state,
}: {
  t: T;
  locale: ReturnType<typeof useLocale>['locale'];
  state: Extract<ExportRunState, { status: 'done' }>;
}) {
  const { outcome } = state;
  const n = (value: number) => formatNumber(value, locale);
  // "Nothing new" only where nothing new was asked for and none came: a full file holds everything.
  const watermarkText = outcome.moved
    ? 'watermarkMoved'
    : state.mode === 'changes' && outcome.records === 0
      ? 'watermarkKept'
      : 'watermarkStays';
  return (
    <Alert
      color="green"
      styles={READABLE_ALERT_TITLE}
      title={t('doneTitle')}
      role="status"
      data-testid="export-result"
      data-complete="true"
      data-rows={outcome.rows}
      data-records={outcome.records}
    >
      <Stack gap={4}>
        <Text size="sm">
          {t('doneText', { file: state.fileName, rows: n(outcome.rows), records: n(outcome.records) })}
        </Text>
        {outcome.skipped > 0 ? <Text size="sm">{t('doneSkipped', { count: n(outcome.skipped) })}</Text> : null}
        {outcome.watermark ? (
          <Text size="sm" data-testid="export-watermark">
            {t(watermarkText, { at: formatDateTime(outcome.watermark.at, locale) })}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}

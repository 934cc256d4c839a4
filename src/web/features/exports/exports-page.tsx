import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Radio,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/SegmentedControl.css';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ExportKind, WatermarkView } from '../../../contract/exports';
import { describeError } from '../../components/error-message';
import { appMessages } from '../../lib/app-messages';
import { formatBytes, formatDateTime, formatNumber } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { sessionQuery } from '../../lib/session';
import { ExportFilesPanel } from './export-files-panel';
import { allowedExportKinds, allowedKind, streamOf, timeFieldOf } from './export-kinds';
import { type ExportSettings, readExportSettings, writeExportSettings } from './export-settings';
import { canStreamToFile } from './export-sink';
import { exportsMessages } from './exports-messages';
import { exportQueries, useForgetWatermark } from './exports-queries';
import { SchedulesPanel } from './schedules-panel';
import { type ExportRunState, useExportRun } from './use-export-run';

/** Alert titles in the body colour: the light variants' coloured titles fall short of WCAG AA contrast. */
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

export type T = ReturnType<typeof useMessages<keyof typeof exportsMessages.nl>>;

/**
 * Exports for CRM sync (spec 4.2): customers, orders (per order or per seat), waiting list, client types, as
 * CSV or JSON lines, made by the gateway from its mirror and streamed here; whole, or incremental from the
 * organisation's watermark. Settings live in the URL. Below: exports scheduled for a time of day, and the
 * files they wrote.
 */
export function ExportsPage() {
  const t = useMessages(exportsMessages);
  const { locale } = useLocale();
  const session = useQuery(sessionQuery).data;
  const clientName = session?.clientName ?? null;
  const [search, setSearch] = useSearchParams();
  // Only the kinds the person's role may export are offered; a link to another (or the default, orders,
  // for someone who may only export customers) opens the first one they may.
  const allowed = useMemo(() => allowedExportKinds(session?.permissions ?? []), [session]);
  const settings = useMemo(() => {
    const read = readExportSettings(search);
    return { ...read, kind: allowedKind(read.kind, allowed) };
  }, [search, allowed]);
  const mayWaitingList = allowed.includes('waitinglist');
  const stream = streamOf(settings);
  const run = useExportRun(clientName);
  const running = run.state.status === 'running';

  const watermarks = useQuery(exportQueries.watermarks());
  const watermark = stream ? (watermarks.data?.watermarks.find((w) => w.stream === stream) ?? null) : null;
  const incremental = settings.mode === 'changes' && watermark !== null;
  const forget = useForgetWatermark();

  const update = (change: Partial<ExportSettings>) => {
    run.reset();
    setSearch(writeExportSettings({ ...settings, ...change }), { replace: true });
  };

  const startExport = () => {
    const fileType = settings.format === 'csv' ? 'CSV' : 'JSON lines';
    // Not awaited before the call: the save dialog must open within this click.
    void run.start({ ...settings, mode: incremental ? 'changes' : 'full' }, { fileType });
  };

  const kindLabel = (kind: ExportKind) =>
    ({
      customers: t('kindCustomers'),
      orders: t('kindOrders'),
      waitinglist: t('kindWaitinglist'),
      clienttypes: t('kindClienttypes'),
    })[kind];
  const kinds = allowed.map((kind) => ({ value: kind, label: kindLabel(kind) }));

  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed" size="sm" maw={680}>
            {t('intro')}
          </Text>
        </Stack>
        {mayWaitingList ? (
          <Button component={Link} to="/waiting-list" variant="subtle" size="sm">
            {t('toWaitingList')}
          </Button>
        ) : null}
      </Group>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="export-settings-title">
        <Title order={2} size="h4" id="export-settings-title" className="foyer-visually-hidden">
          {t('title')}
        </Title>
        <fieldset disabled={running} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <Stack gap="md">
            <Choice label={t('what')} id="export-kind">
              <SegmentedControl
                aria-labelledby="export-kind"
                data={kinds}
                value={settings.kind}
                onChange={(value) => update({ kind: value as ExportKind })}
                disabled={running}
              />
            </Choice>

            {settings.kind === 'orders' ? (
              <Choice
                label={t('rowShape')}
                id="export-rows"
                hint={settings.rows === 'seat' ? t('rowPerSeatHint') : undefined}
              >
                <SegmentedControl
                  aria-labelledby="export-rows"
                  data={[
                    { value: 'order', label: t('rowPerOrder') },
                    { value: 'seat', label: t('rowPerSeat') },
                  ]}
                  value={settings.rows}
                  onChange={(value) => update({ rows: value as ExportSettings['rows'] })}
                  disabled={running}
                />
              </Choice>
            ) : null}

            <Group align="flex-end" gap="md" wrap="wrap">
              <Choice
                label={t('format')}
                id="export-format"
                hint={settings.format === 'csv' ? t('formatCsvHint') : t('formatJsonlHint')}
              >
                <SegmentedControl
                  aria-labelledby="export-format"
                  data={[
                    { value: 'csv', label: t('formatCsv') },
                    { value: 'jsonl', label: t('formatJsonl') },
                  ]}
                  value={settings.format}
                  onChange={(value) => update({ format: value as ExportSettings['format'] })}
                  disabled={running}
                />
              </Choice>
              {settings.format === 'csv' ? (
                <NativeSelect
                  label={t('delimiter')}
                  description={
                    settings.delimiter === 'semicolon' ? t('delimiterSemicolonHint') : t('delimiterCommaHint')
                  }
                  value={settings.delimiter}
                  onChange={(event) => update({ delimiter: event.currentTarget.value as ExportSettings['delimiter'] })}
                  data={[
                    { value: 'comma', label: t('delimiterComma') },
                    { value: 'semicolon', label: t('delimiterSemicolon') },
                  ]}
                />
              ) : null}
            </Group>

            {stream ? (
              <ScopeChoice
                t={t}
                settings={settings}
                watermark={watermark}
                mode={incremental ? 'changes' : 'full'}
                onMode={(mode) => update({ mode })}
                onForget={() => {
                  run.reset();
                  forget.mutate(stream);
                }}
              />
            ) : (
              <Text size="sm" c="dimmed">
                {t('clientTypesAlwaysFull')}
              </Text>
            )}
          </Stack>
        </fieldset>
      </Paper>

      <RunPanel
        t={t}
        locale={locale}
        state={run.state}
        onStart={startExport}
        onCancel={run.cancel}
        disabled={!clientName}
      />

      <SchedulesPanel settings={settings} kindLabel={kindLabel} />
      <ExportFilesPanel kindLabel={kindLabel} />
    </Stack>
  );
}

function Choice({
  label,
  id,
  hint,
  children,
}: {
  label: string;
  id: string;
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={id}>
        {label}
      </Text>
      {children}
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Stack>
  );
}

/** "up to 23 Nov 2026 14:03, by Jan (yesterday 09:12)": whose export the watermark comes from. */
export function watermarkLine(t: T, watermark: WatermarkView, locale: ReturnType<typeof useLocale>['locale']) {
  const values = { at: formatDateTime(watermark.at, locale), savedAt: formatDateTime(watermark.savedAt, locale) };
  return watermark.savedBy
    ? t('watermarkLine', { ...values, by: watermark.savedBy })
    : t('watermarkLineSchedule', values);
}

function ScopeChoice({
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
      {count.data?.source === 'service' ? (
        <Text size="sm" c="orange.8">
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

function RunPanel({
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
            <Text size="sm" c="orange.8">
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
        <Alert color="gray" styles={READABLE_TITLE} title={t('cancelledTitle')} role="status">
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
  return (
    <Alert
      color="green"
      styles={READABLE_TITLE}
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
            {t(outcome.moved ? 'watermarkMoved' : 'watermarkKept', {
              at: formatDateTime(outcome.watermark.at, locale),
            })}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}

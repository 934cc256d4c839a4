import {
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  Progress,
  Radio,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/SegmentedControl.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { appMessages } from '../../app/messages';
import { sessionQuery } from '../../app/session';
import { describeError } from '../../components/error-message';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { exportCountQuery, exportKeys } from './export-counts';
import {
  allowedExportKinds,
  allowedKind,
  type ExportDefinition,
  type ExportKind,
  exportDefinition,
  type PagedExport,
} from './export-kinds';
import { type ExportSettings, readExportSettings, writeExportSettings } from './export-settings';
import { canStreamToFile } from './export-sink';
import { exportsMessages } from './exports-messages';
import { type ExportRunState, useExportRun } from './use-export-run';
import { clearWatermark, readWatermark, type Watermark } from './watermark';

/** Alert titles in the body colour: the light variants' coloured titles fall short of WCAG AA contrast. */
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

type T = ReturnType<typeof useMessages<keyof typeof exportsMessages.nl>>;

/**
 * Exports for CRM sync (spec 4.2): customers, orders (per order or per seat), waiting list, client types, as
 * CSV or JSON lines, full or incremental from a per-client, per-kind watermark. Settings live in the URL.
 */
export function ExportsPage() {
  const t = useMessages(exportsMessages);
  const { locale } = useLocale();
  const session = useQuery(sessionQuery).data;
  const clientName = session?.clientName ?? null;
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  // Only the kinds the person's role may export are offered; a link to another (or the default, orders,
  // for someone who may only export customers) opens the first one they may.
  const allowed = useMemo(() => allowedExportKinds(session?.permissions ?? []), [session]);
  const settings = useMemo(() => {
    const read = readExportSettings(search);
    return { ...read, kind: allowedKind(read.kind, allowed) };
  }, [search, allowed]);
  const mayWaitingList = allowed.includes('waitinglist');
  const definition = useMemo(() => exportDefinition(settings.kind, settings.rows), [settings.kind, settings.rows]);
  const run = useExportRun(clientName);
  const running = run.state.status === 'running';

  // localStorage is read on render; `watermarkVersion` re-reads it after a run or "forget".
  const [watermarkVersion, setWatermarkVersion] = useState(0);
  const watermark = useMemo(() => {
    void watermarkVersion;
    return clientName && definition.paged ? readWatermark(localStorage, clientName, definition.watermarkKind) : null;
  }, [clientName, definition, watermarkVersion]);
  const incremental = settings.mode === 'changes' && watermark !== null && definition.paged;

  const update = (change: Partial<ExportSettings>) => {
    run.reset();
    setSearch(writeExportSettings({ ...settings, ...change }), { replace: true });
  };

  const startExport = () => {
    const fileType = settings.format === 'csv' ? 'CSV' : 'JSON lines';
    // Not awaited before the call: the save dialog must open within this click.
    void run.start({ ...settings, mode: incremental ? 'changes' : 'full' }, { fileType }).then(() => {
      setWatermarkVersion((version) => version + 1);
      void queryClient.invalidateQueries({ queryKey: exportKeys.counts() });
    });
  };

  const forget = () => {
    if (!clientName || !definition.paged) return;
    clearWatermark(localStorage, clientName, definition.watermarkKind);
    setWatermarkVersion((version) => version + 1);
    run.reset();
  };

  const kinds: Array<{ value: ExportKind; label: string }> = (
    [
      { value: 'customers', label: t('kindCustomers') },
      { value: 'orders', label: t('kindOrders') },
      { value: 'waitinglist', label: t('kindWaitinglist') },
      { value: 'clienttypes', label: t('kindClienttypes') },
    ] as const
  ).filter((kind) => allowed.includes(kind.value));

  return (
    <Stack gap="lg" maw={900}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed" size="sm" maw={640}>
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

            {definition.paged && clientName ? (
              <ScopeChoice
                t={t}
                clientName={clientName}
                definition={definition}
                watermark={watermark}
                mode={incremental ? 'changes' : 'full'}
                onMode={(mode) => update({ mode })}
                onForget={forget}
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
        definition={definition}
        onStart={startExport}
        onCancel={run.cancel}
        disabled={!clientName}
      />
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

function ScopeChoice({
  t,
  clientName,
  definition,
  watermark,
  mode,
  onMode,
  onForget,
}: {
  t: T;
  clientName: string;
  definition: PagedExport;
  watermark: Watermark | null;
  mode: 'full' | 'changes';
  onMode: (mode: 'full' | 'changes') => void;
  onForget: () => void;
}) {
  const { locale } = useLocale();
  const tApp = useMessages(appMessages);
  const full = useQuery(exportCountQuery(clientName, definition, null));
  const changes = useQuery({ ...exportCountQuery(clientName, definition, watermark), enabled: watermark !== null });

  const fullLine = full.data
    ? t('totalRecords', { count: formatNumber(full.data.total, locale) })
    : full.isError
      ? describeError(full.error, tApp)
      : t('totalCounting');
  const changesLine = changes.data
    ? t(changes.data.approximate ? 'changedSinceAbout' : 'changedSince', {
        count: formatNumber(Math.max(0, changes.data.total - changes.data.alreadyExported), locale),
      })
    : changes.isError
      ? t('changedSinceFailed', { message: describeError(changes.error, tApp) })
      : t('changedSinceCounting');

  return (
    <Stack gap="xs">
      <Radio.Group
        label={t('mode')}
        value={mode}
        onChange={(value) => {
          // Counted afresh when chosen: sales made since the page opened count too.
          if (value === 'changes') void changes.refetch();
          onMode(value as 'full' | 'changes');
        }}
        description={t('watermarkHelp', { field: definition.timeField })}
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
      {watermark ? (
        <Group gap="xs" wrap="wrap">
          <Text size="sm" data-testid="watermark-line">
            {t('watermarkLine', {
              at: formatDateTime(watermark.at, locale),
              savedAt: formatDateTime(watermark.savedAt, locale),
            })}
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
  definition,
  onStart,
  onCancel,
  disabled,
}: {
  t: T;
  locale: ReturnType<typeof useLocale>['locale'];
  state: ExportRunState;
  definition: ExportDefinition;
  onStart: () => void;
  onCancel: () => void;
  disabled: boolean;
}) {
  const tApp = useMessages(appMessages);
  const n = (value: number) => formatNumber(value, locale);

  if (state.status === 'running') {
    const progress = state.progress;
    const percent =
      progress && progress.pageCount > 0 ? Math.round((progress.pagesDone / progress.pageCount) * 100) : 0;
    return (
      <Paper withBorder radius="md" p="md" data-testid="export-running">
        <Stack gap="sm">
          <Text size="sm">{state.sinkMode === 'file' ? t('saveMode') : t('downloadMode')}</Text>
          <Progress value={percent} size="lg" aria-label={t('progressLabel')} />
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" className="foyer-tabular" aria-live="polite" data-testid="export-progress">
              {progress
                ? `${t('progressPages', { done: n(progress.pagesDone), count: n(progress.pageCount) })} · ${t(
                    'progressRows',
                    { records: n(progress.records), total: n(progress.total), rows: n(progress.rows) },
                  )}`
                : t('starting')}
            </Text>
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
        <Outcome t={t} locale={locale} state={state} definition={definition} />
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
  definition,
}: {
  t: T;
  locale: ReturnType<typeof useLocale>['locale'];
  state: Extract<ExportRunState, { status: 'done' }>;
  definition: ExportDefinition;
}) {
  const { outcome } = state;
  const n = (value: number) => formatNumber(value, locale);
  if (!outcome.complete) {
    return (
      <Alert
        color="orange"
        styles={READABLE_TITLE}
        title={t('mismatchTitle')}
        role="alert"
        data-testid="export-result"
        data-complete="false"
      >
        {t('mismatchText', {
          records: n(outcome.records),
          total: n(outcome.total),
          duplicates: outcome.duplicates > 0 ? t('mismatchDuplicates', { count: n(outcome.duplicates) }) : '',
        })}
      </Alert>
    );
  }
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
      data-total={outcome.total}
    >
      <Stack gap={4}>
        <Text size="sm">
          {t('doneText', {
            file: state.fileName,
            rows: n(outcome.rows),
            records: n(outcome.records),
            total: n(outcome.total),
          })}
        </Text>
        {outcome.skipped > 0 ? <Text size="sm">{t('doneSkipped', { count: n(outcome.skipped) })}</Text> : null}
        {state.watermarkNotStored ? (
          <Text size="sm" c="orange">
            {t('watermarkNotStored')}
          </Text>
        ) : definition.paged && state.watermark ? (
          <Text size="sm" data-testid="export-watermark">
            {t(state.watermarkMoved ? 'watermarkMoved' : 'watermarkKept', {
              at: formatDateTime(state.watermark.at, locale),
            })}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}

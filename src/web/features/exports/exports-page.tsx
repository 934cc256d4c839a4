import { Button, Group, NativeSelect, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/FloatingIndicator.css';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ExportKind } from '@/contract/exports';
import { LeaveGuard } from '../../components/leave-guard';
import { useLocale, useMessages } from '../../lib/i18n';
import { sessionQuery } from '../../lib/session';
import { ExportFilesPanel } from './export-files-panel';
import { allowedExportKinds, allowedKind, streamOf } from './export-kinds';
import { RunPanel } from './export-run-panel';
import { ScopeChoice } from './export-scope-choice';
import { type ExportSettings, readExportSettings, writeExportSettings } from './export-settings';
import { exportsMessages } from './exports-messages';
import { exportQueries, useForgetWatermark } from './exports-queries';
import { SchedulesPanel } from './schedules-panel';
import { useExportRun } from './use-export-run';

/**
 * Exports for CRM sync (spec 4.2): customers, orders (per order or per seat), waiting list, client types, as
 * CSV or JSON lines, made by the gateway from its mirror and streamed here; whole, or incremental from the
 * organisation's watermark. Settings live in the URL. Below: exports scheduled for a time of day, and the
 * files they wrote.
 */
export function ExportsPage() {
  const t = useMessages(exportsMessages);
  const phone = useMediaQuery('(max-width: 30em)', false, { getInitialValueInEffect: false });
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
      {/* Leaving stops a running export: asked first, in the app as when closing the tab. */}
      <LeaveGuard
        active={running}
        texts={{ title: t('leaveTitle'), text: t('leaveText'), leave: t('leave'), stay: t('stay') }}
      />
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
                // Four kinds side by side do not fit a phone (the fourth read "Cli"): one under the other there.
                orientation={phone ? 'vertical' : 'horizontal'}
                fullWidth={phone}
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

import { Alert, Button, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ExportKind, ExportSettings, Schedule } from '@/contract/exports';
import { DailyTimeForm, pollWhileDue, ScheduleActions } from '../../components/daily-schedule';
import { describeError } from '../../components/error-message';
import { QuerySection } from '../../components/query-section';
import { appMessages } from '../../lib/app-messages';
import { formatDateTime } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { exportsMessages } from './exports-messages';
import {
  exportKeys,
  exportQueries,
  useCreateSchedule,
  useDeleteSchedule,
  useRunSchedule,
  useUpdateSchedule,
} from './exports-queries';

/** "Bestellingen, één per stoel · CSV · alleen wijzigingen". */
function useDescribe(kindLabel: (kind: ExportKind) => string) {
  const t = useMessages(exportsMessages);
  return (settings: Pick<ExportSettings, 'kind' | 'rows' | 'format' | 'mode'>) => {
    const kind =
      settings.kind === 'orders'
        ? t('kindWithShape', {
            kind: kindLabel('orders'),
            shape: settings.rows === 'seat' ? t('rowPerSeat') : t('rowPerOrder'),
          })
        : kindLabel(settings.kind);
    const format = settings.format === 'csv' ? t('formatCsv') : t('formatJsonl');
    const mode = settings.kind === 'clienttypes' || settings.mode === 'full' ? t('modeFull') : t('modeIncremental');
    return `${kind} · ${format} · ${mode}`;
  };
}

/**
 * Exports the gateway makes every day at a set time into EXPORT_DIR: the list with when each runs next and
 * how its last run went, "run now", pause and delete, and a new one from the settings chosen above.
 */
export function SchedulesPanel({
  settings,
  kindLabel,
}: {
  settings: ExportSettings;
  kindLabel: (kind: ExportKind) => string;
}) {
  const t = useMessages(exportsMessages);
  const tApp = useMessages(appMessages);
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const describe = useDescribe(kindLabel);
  const due = (schedule: Schedule) => schedule.enabled && Date.parse(schedule.nextRunAt) <= Date.now();
  const schedules = useQuery({
    ...exportQueries.schedules(),
    refetchInterval: pollWhileDue(due),
  });
  // A run finished (its last run moved): its file is in the list now.
  const lastRuns = schedules.data?.schedules.map((schedule) => `${schedule.id}:${schedule.lastRunAt}`).join() ?? '';
  useEffect(() => {
    if (lastRuns) void queryClient.invalidateQueries({ queryKey: exportKeys.files() });
  }, [lastRuns, queryClient]);

  const create = useCreateSchedule();
  const update = useUpdateSchedule();
  const remove = useDeleteSchedule();
  const runNow = useRunSchedule();
  const failure = create.error ?? update.error ?? remove.error ?? runNow.error;

  const inputOf = (schedule: Schedule, enabled = schedule.enabled) => ({
    kind: schedule.kind,
    rows: schedule.rows,
    format: schedule.format,
    delimiter: schedule.delimiter,
    mode: schedule.mode,
    timeOfDay: schedule.timeOfDay,
    timeZone: schedule.timeZone,
    enabled,
  });

  return (
    <QuerySection id="schedules-title" title={t('schedulesTitle')} intro={t('schedulesIntro')} query={schedules}>
      {(data) => (
        <>
          {!data.enabled ? (
            <Alert color="gray" role="status">
              {t('schedulesDisabled')}
            </Alert>
          ) : (
            <>
              {data.schedules.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('schedulesNone')}
                </Text>
              ) : (
                <Table.ScrollContainer minWidth={720} type="native">
                  <Table verticalSpacing={6} data-testid="schedules">
                    <caption className="foyer-visually-hidden">{t('schedulesTitle')}</caption>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">{t('scheduleColumnWhat')}</Table.Th>
                        <Table.Th scope="col">{t('scheduleColumnWhen')}</Table.Th>
                        <Table.Th scope="col">{t('scheduleColumnState')}</Table.Th>
                        <Table.Th scope="col">
                          <span className="foyer-visually-hidden">{t('scheduleColumnState')}</span>
                        </Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.schedules.map((schedule) => (
                        <Table.Tr key={schedule.id} data-testid="schedule" data-schedule-id={schedule.id}>
                          <Table.Td>{describe(schedule)}</Table.Td>
                          <Table.Td>
                            <Text size="sm">
                              {t('scheduleDaily', { time: schedule.timeOfDay, zone: schedule.timeZone })}
                            </Text>
                            <Text size="xs" c="dimmed">
                              {!schedule.enabled
                                ? t('schedulePaused')
                                : due(schedule)
                                  ? t('scheduleRunning')
                                  : t('scheduleNext', { at: formatDateTime(schedule.nextRunAt, locale) })}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <Text size="sm">
                              {schedule.lastRunAt
                                ? t('scheduleLast', { at: formatDateTime(schedule.lastRunAt, locale) })
                                : t('scheduleNever')}
                            </Text>
                            {schedule.lastError ? (
                              <Text size="xs" c="red.8" role="alert">
                                {t('scheduleError', { message: schedule.lastError })}
                              </Text>
                            ) : schedule.watermarkAt && schedule.mode === 'changes' ? (
                              <Text size="xs" c="dimmed">
                                {t('scheduleWatermark', { at: formatDateTime(schedule.watermarkAt, locale) })}
                              </Text>
                            ) : null}
                          </Table.Td>
                          <Table.Td>
                            <ScheduleActions
                              due={due(schedule)}
                              runNowLabel={t('scheduleRunNow')}
                              onRunNow={() => runNow.mutate(schedule.id)}
                              deleteLabel={t('scheduleDelete')}
                              deleteAriaLabel={t('scheduleDeleteLabel', { what: describe(schedule) })}
                              onDelete={() => remove.mutate(schedule.id)}
                            >
                              <Button
                                size="compact-sm"
                                variant="subtle"
                                onClick={() =>
                                  update.mutate({ id: schedule.id, input: inputOf(schedule, !schedule.enabled) })
                                }
                              >
                                {schedule.enabled ? t('schedulePause') : t('scheduleResume')}
                              </Button>
                            </ScheduleActions>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
              <Stack gap="xs">
                <Title order={3} size="h5">
                  {t('scheduleAddTitle')}
                </Title>
                <DailyTimeForm
                  initialTime="06:00"
                  timeLabel={t('scheduleTime')}
                  addLabel={t('scheduleAdd')}
                  adding={create.isPending}
                  onAdd={(when) => create.mutate({ ...settings, ...when, enabled: true })}
                  testId="schedule-time"
                />
                <Text size="xs" c="dimmed">
                  {t('scheduleAddHint', { what: describe(settings) })}
                </Text>
              </Stack>
            </>
          )}
          {failure ? (
            <Alert color="red" role="alert">
              {describeError(failure, tApp)}
            </Alert>
          ) : null}
        </>
      )}
    </QuerySection>
  );
}

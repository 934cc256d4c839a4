import { Alert, Anchor, Group, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { useQuery } from '@tanstack/react-query';
import type { ProductionReportSchedule } from '@/contract/production-reports';
import { DailyTimeForm, pollWhileDue, ScheduleActions } from '../../components/daily-schedule';
import { describeError } from '../../components/error-message';
import { QuerySection } from '../../components/query-section';
import { appMessages } from '../../lib/app-messages';
import { formatDateTime } from '../../lib/format';
import { formatBytes } from '../../lib/format-extra';
import { useLocale, useMessages } from '../../lib/i18n';
import { promoterMessages } from './promoter-messages';
import { reportFileUrl, reportQueries, useReportActions } from './promoter-queries';

const due = (schedule: ProductionReportSchedule) => Date.parse(schedule.nextRunAt) <= Date.now();

/**
 * The production's scheduled sales report (issue 33 item 4): a daily CSV file and printable page in the
 * export folder, written by the export scheduler; its files listed for download.
 */
export function ReportSchedulePanel({ productionId }: { productionId: number }) {
  const t = useMessages(promoterMessages);
  const tApp = useMessages(appMessages);
  const { locale } = useLocale();
  const reports = useQuery({
    ...reportQueries.reports(productionId),
    refetchInterval: pollWhileDue(due),
  });
  const { create, runNow, remove } = useReportActions(productionId);
  const failure = create.error ?? runNow.error ?? remove.error;

  return (
    <QuerySection
      id="report-schedule"
      title={t('reportsTitle')}
      intro={t('reportsIntro')}
      query={reports}
      className="foyer-no-print"
    >
      {(data) => (
        <>
          {!data.enabled ? (
            <Alert color="gray" role="status">
              {t('reportsDisabled')}
            </Alert>
          ) : (
            <>
              {data.schedules.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('reportsNone')}
                </Text>
              ) : (
                <Stack gap="xs" data-testid="report-schedules">
                  {data.schedules.map((schedule) => (
                    <Group key={schedule.id} justify="space-between" wrap="wrap" data-testid="report-schedule">
                      <Stack gap={0}>
                        <Text size="sm">
                          {t('reportDaily', { time: schedule.timeOfDay, zone: schedule.timeZone })}
                          {schedule.createdBy ? ` · ${t('reportCreatedBy', { name: schedule.createdBy })}` : ''}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {due(schedule)
                            ? t('reportRunning')
                            : t('reportNext', { at: formatDateTime(schedule.nextRunAt, locale) })}
                          {' · '}
                          {schedule.lastRunAt
                            ? t('reportLast', { at: formatDateTime(schedule.lastRunAt, locale) })
                            : t('reportNever')}
                        </Text>
                        {schedule.lastError ? (
                          <Text size="xs" c="red.8" role="alert">
                            {t('reportError', { message: schedule.lastError })}
                          </Text>
                        ) : null}
                      </Stack>
                      <ScheduleActions
                        due={due(schedule)}
                        runNowLabel={t('reportRunNow')}
                        onRunNow={() => runNow.mutate(schedule.id)}
                        deleteLabel={t('reportDelete')}
                        deleteAriaLabel={t('reportDeleteLabel', { time: schedule.timeOfDay })}
                        onDelete={() => remove.mutate(schedule.id)}
                      />
                    </Group>
                  ))}
                </Stack>
              )}
              <DailyTimeForm
                initialTime="07:00"
                timeLabel={t('reportTime')}
                addLabel={t('reportAdd')}
                adding={create.isPending}
                // The printable page in the app's language, as on the sale's paper.
                onAdd={(when) => create.mutate({ ...when, language: locale.startsWith('en') ? 'en' : 'nl' })}
                testId="report-time"
              />
              <Stack gap={4}>
                <Title order={3} size="h5">
                  {t('reportFiles')}
                </Title>
                {data.files.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('reportFilesNone')}
                  </Text>
                ) : (
                  <Table.ScrollContainer minWidth={420} type="native">
                    <Table verticalSpacing={4} data-testid="report-files">
                      <caption className="foyer-visually-hidden">{t('reportFiles')}</caption>
                      <Table.Tbody>
                        {data.files.map((file) => (
                          <Table.Tr key={file.id}>
                            <Table.Td>
                              <Anchor href={reportFileUrl(file.id)} download={file.fileName} size="sm">
                                {file.fileName}
                              </Anchor>
                            </Table.Td>
                            <Table.Td>
                              <Text size="sm">{file.format === 'csv' ? t('reportFileCsv') : t('reportFileHtml')}</Text>
                            </Table.Td>
                            <Table.Td>
                              <Text size="sm">{formatDateTime(file.createdAt, locale)}</Text>
                            </Table.Td>
                            <Table.Td ta="right">
                              <Text size="sm">{formatBytes(file.bytes, locale)}</Text>
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                )}
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

import { Anchor, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Table.css';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState, ErrorState } from '../../components/page-states';
import { formatDateTime } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { customerJobsMessages } from './customer-jobs-messages';
import { customerJobQueries } from './customer-jobs-queries';
import { JobProgress, jobTitle } from './job-progress';

/** `/customers/jobs`: the organisation's recent customer jobs, their live progress, failures and steering. */
export function CustomerJobsPage() {
  const t = useMessages(customerJobsMessages);
  const { locale } = useLocale();
  const jobs = useQuery(customerJobQueries.list());

  return (
    <Stack gap="lg" maw={1100}>
      <Anchor component={Link} to="/customers" size="sm">
        {t('backToCustomers')}
      </Anchor>
      <Title order={1}>{t('jobsTitle')}</Title>
      <Text size="sm" c="dimmed">
        {t('jobsHint')}
      </Text>
      {jobs.isError ? <ErrorState error={jobs.error} onRetry={() => void jobs.refetch()} /> : null}
      {jobs.isPending ? <Skeleton h={200} /> : null}
      {jobs.data?.jobs.length === 0 ? <EmptyState title={t('noJobs')}>{t('noJobsHint')}</EmptyState> : null}
      {jobs.data && jobs.data.jobs.length > 0 ? (
        <Paper withBorder radius="md">
          <Table data-testid="customer-jobs" verticalSpacing="sm">
            <caption className="foyer-visually-hidden">{t('jobsTitle')}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('columnJob')}</Table.Th>
                <Table.Th scope="col" w="45%">
                  {t('columnProgress')}
                </Table.Th>
                <Table.Th scope="col">{t('columnBy')}</Table.Th>
                <Table.Th scope="col">{t('columnCreated')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {jobs.data.jobs.map((job) => (
                <Table.Tr key={job.id} data-testid="customer-job-row" data-job={job.id}>
                  <Table.Td>{jobTitle(job, t)}</Table.Td>
                  <Table.Td>
                    <JobProgress job={job} />
                  </Table.Td>
                  <Table.Td>{job.createdBy ?? t('gateway')}</Table.Td>
                  <Table.Td className="foyer-tabular">{formatDateTime(job.createdAt, locale)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      ) : null}
    </Stack>
  );
}

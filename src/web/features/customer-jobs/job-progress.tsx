import { Alert, Badge, Button, Group, List, Progress, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Progress.css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { CustomerJob, CustomerJobState, JobCommand } from '@/contract/customer-jobs';
import { describeError } from '../../components/error-message';
import { appMessages } from '../../lib/app-messages';
import { formatNumber } from '../../lib/format';
import { type Translate, useLocale, useMessages } from '../../lib/i18n';
import { customerJobsMessages } from './customer-jobs-messages';
import { customerJobQueries, isOpen, useJobCommand } from './customer-jobs-queries';

type Messages = Translate<keyof (typeof customerJobsMessages)['en']>;

const STATE_COLOURS: Record<CustomerJobState, string> = {
  planned: 'gray',
  running: 'blue',
  paused: 'yellow',
  done: 'green',
  failed: 'orange',
  cancelled: 'gray',
};

/** What a job does, in words: "Add tag Vriend — segment Utrecht". */
export function jobTitle(job: CustomerJob, t: Messages): string {
  const tag = String(job.params.tag ?? '');
  const name = String(job.params.segmentName ?? job.originId ?? '');
  const kind =
    job.kind === 'add-tag' || job.kind === 'remove-tag' || job.kind === 'keep-tag'
      ? t(`kind:${job.kind}`, { tag })
      : t('kind:other', { kind: job.kind });
  return `${kind} — ${t(`origin:${job.origin}`, { name })}`;
}

export function JobStateBadge({ job }: { job: CustomerJob }) {
  const t = useMessages(customerJobsMessages);
  return (
    // "dot": the text keeps the body colour (full contrast in both schemes); the dot carries the state.
    // The light variant's green on pale green is 3.8:1, under AA.
    <Badge color={STATE_COLOURS[job.state]} variant="dot" tt="none" data-testid="job-state" data-state={job.state}>
      {t(`state:${job.state}`)}
    </Badge>
  );
}

/** A job's progress bar (changed, already so, failed), its counts, and its steering. */
export function JobProgress({ job }: { job: CustomerJob }) {
  const t = useMessages(customerJobsMessages);
  const tApp = useMessages(appMessages);
  const { locale } = useLocale();
  const command = useJobCommand();
  const [showFailures, setShowFailures] = useState(false);
  const { counts, total } = job;
  const handled = counts.done + counts.skipped + counts.failed;
  const percent = (n: number) => (total === 0 ? 0 : (n / total) * 100);
  const label = t('progress', { handled: formatNumber(handled, locale), total: formatNumber(total, locale) });
  const button = (name: JobCommand, text: string, variant = 'default') => (
    <Button
      size="xs"
      variant={variant}
      loading={command.isPending && command.variables?.command === name}
      onClick={() => command.mutate({ jobId: job.id, command: name })}
    >
      {text}
    </Button>
  );

  const detail = t('progressDetail', {
    done: formatNumber(counts.done, locale),
    skipped: formatNumber(counts.skipped, locale),
    failed: formatNumber(counts.failed, locale),
  });

  return (
    <Stack gap="xs" data-testid="job-progress" data-job={job.id}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" role="status" data-testid="job-progress-text">
          {label}
        </Text>
        <JobStateBadge job={job} />
      </Group>
      <Progress.Root size="lg" aria-label={label}>
        {/* Each section is a progressbar of its own: axe wants each named (the detail line says all three). */}
        <Progress.Section value={percent(counts.done)} color="teal" aria-label={detail} />
        <Progress.Section value={percent(counts.skipped)} color="gray" aria-label={detail} />
        <Progress.Section value={percent(counts.failed)} color="red" aria-label={detail} />
      </Progress.Root>
      <Text size="xs" c="dimmed">
        {detail}
      </Text>
      {job.lastError ? (
        <Text size="sm" className="foyer-warning-text">
          {job.lastError}
        </Text>
      ) : null}
      <Group gap="xs">
        {job.state === 'planned' || job.state === 'running' ? button('pause', t('pause')) : null}
        {job.state === 'paused' || job.state === 'failed' ? button('resume', t('resume'), 'filled') : null}
        {isOpen(job) || job.state === 'failed' ? button('cancel', t('cancel')) : null}
        {counts.failed > 0 && !isOpen(job) ? button('retry-failed', t('retryFailed')) : null}
        {counts.failed > 0 ? (
          <Button size="xs" variant="subtle" onClick={() => setShowFailures((shown) => !shown)}>
            {t('showFailures')}
          </Button>
        ) : null}
      </Group>
      {command.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('commandFailed', { message: describeError(command.error, tApp) })}
        </Alert>
      ) : null}
      {showFailures ? <JobFailures jobId={job.id} /> : null}
    </Stack>
  );
}

/** The failed customers of a job, with the service's message. */
function JobFailures({ jobId }: { jobId: number }) {
  const t = useMessages(customerJobsMessages);
  const tApp = useMessages(appMessages);
  const { locale } = useLocale();
  const detail = useQuery(customerJobQueries.detail(jobId));
  if (detail.isError) return <Text size="sm">{describeError(detail.error, tApp)}</Text>;
  const failures = detail.data?.failures ?? [];
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {t('failuresTitle', { count: formatNumber(detail.data?.job.counts.failed ?? failures.length, locale) })}
      </Text>
      <List size="sm" data-testid="job-failures">
        {failures.map((failure) => (
          <List.Item key={failure.customerId}>
            {t('failureLine', { name: failure.name, error: failure.error ?? '' })}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

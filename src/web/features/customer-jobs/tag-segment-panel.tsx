import { Alert, Anchor, Button, Group, List, NativeSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/FloatingIndicator.css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { type DiffSide, OPEN_JOB_STATES, type TaggingDiff } from '@/contract/customer-jobs';
import { describeError } from '../../components/error-message';
import { SectionCard } from '../../components/section-card';
import { appMessages } from '../../lib/app-messages';
import { formatNumber } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { customerJobsMessages } from './customer-jobs-messages';
import { customerJobQueries, useStartTagging, useTaggingDryRun } from './customer-jobs-queries';
import { JobProgress } from './job-progress';

type Action = 'add' | 'remove';

/**
 * "Tag this segment": a tag and add or remove, the dry run's diff (who gains, who loses, by the mirror's tags),
 * then the job of exactly that diff with its live progress, pause, resume and stop. For the segment page.
 */
export function TagSegmentPanel({ segmentId }: { segmentId: number }) {
  const t = useMessages(customerJobsMessages);
  const tApp = useMessages(appMessages);
  const [action, setAction] = useState<Action>('add');
  const [tag, setTag] = useState('');
  const [jobId, setJobId] = useState<number | null>(null);
  const clientTypes = useQuery(customerJobQueries.clientTypes());
  const dryRun = useTaggingDryRun(segmentId);
  const start = useStartTagging(segmentId);
  const job = useQuery({ ...customerJobQueries.detail(jobId ?? 0), enabled: jobId !== null });
  const diff = dryRun.data;
  const reset = () => {
    dryRun.reset();
    start.reset();
    setJobId(null);
  };
  const changes = diff ? diff.gains.count + diff.losses.count : 0;

  return (
    <SectionCard id="tag-segment" title={t('tagTitle')}>
      <Stack gap="md" data-testid="tag-segment-panel">
        <Text size="sm" c="dimmed">
          {t('tagHint')}
        </Text>
        {jobId !== null && job.data ? (
          <>
            {/* Only while it runs: "Klaar" stood beside "De taak loopt" once it was done. */}
            {OPEN_JOB_STATES.includes(job.data.job.state) ? <Text size="sm">{t('started')}</Text> : null}
            <JobProgress job={job.data.job} />
            <Group gap="sm">
              <Anchor component={Link} to="/customers/jobs" size="sm">
                {t('openJobs')}
              </Anchor>
              <Button size="xs" variant="subtle" onClick={reset}>
                {t('newDryRun')}
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Group gap="md" align="flex-end" wrap="wrap">
              <Stack gap={4}>
                <Text size="sm" fw={500} id="tag-segment-action">
                  {t('tagAction')}
                </Text>
                <SegmentedControl
                  aria-labelledby="tag-segment-action"
                  value={action}
                  onChange={(value) => {
                    setAction(value as Action);
                    reset();
                  }}
                  data={[
                    { value: 'add', label: t('tagAdd') },
                    { value: 'remove', label: t('tagRemove') },
                  ]}
                />
              </Stack>
              <NativeSelect
                label={t('tagLabel')}
                value={tag}
                onChange={(event) => {
                  setTag(event.currentTarget.value);
                  reset();
                }}
                data={[{ value: '', label: t('tagPlaceholder') }, ...(clientTypes.data ?? [])]}
                data-testid="tag-segment-tag"
              />
              <Button
                variant="default"
                disabled={!tag}
                loading={dryRun.isPending}
                onClick={() => dryRun.mutate({ tag, action })}
              >
                {t('dryRun')}
              </Button>
            </Group>
            {clientTypes.isError ? (
              <Alert color="red" variant="light" role="alert">
                {t('tagsLoadFailed', { message: describeError(clientTypes.error, tApp) })}
              </Alert>
            ) : null}
            {dryRun.isError || start.isError ? (
              <Alert color="red" variant="light" role="alert">
                {describeError(dryRun.error ?? start.error, tApp)}
              </Alert>
            ) : null}
            {diff ? (
              <Stack gap="sm" data-testid="tagging-diff">
                <DiffView diff={diff} />
                {changes === 0 ? (
                  <Text size="sm">{t('nothingToDo')}</Text>
                ) : (
                  <Group>
                    <Button
                      loading={start.isPending}
                      onClick={() =>
                        start.mutate({ tag: diff.tag, action: diff.action }, { onSuccess: (made) => setJobId(made.id) })
                      }
                    >
                      {t('confirm', { count: changes })}
                    </Button>
                  </Group>
                )}
              </Stack>
            ) : null}
          </>
        )}
      </Stack>
    </SectionCard>
  );
}

function DiffView({ diff }: { diff: TaggingDiff }) {
  const t = useMessages(customerJobsMessages);
  const { locale } = useLocale();
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {t('dryRunTitle')}
      </Text>
      {diff.action === 'add' ? (
        <DiffSideView
          side={diff.gains}
          text={t('gains', { count: formatNumber(diff.gains.count, locale), tag: diff.tag })}
          testId="diff-gains"
        />
      ) : (
        <DiffSideView
          side={diff.losses}
          text={t('losses', { count: formatNumber(diff.losses.count, locale), tag: diff.tag })}
          testId="diff-losses"
        />
      )}
      <Text size="sm" c="dimmed">
        {t('unchanged', { count: formatNumber(diff.unchanged, locale) })}
      </Text>
    </Stack>
  );
}

/** A side of the diff: how many, and the first of them by name (each a link to their page). */
export function DiffSideView({ side, text, testId }: { side: DiffSide; text: string; testId: string }) {
  const t = useMessages(customerJobsMessages);
  const { locale } = useLocale();
  return (
    <Stack gap={4} data-testid={testId} data-count={side.count}>
      <Text size="sm">{text}</Text>
      {side.first.length > 0 ? (
        <List size="sm">
          {side.first.map((customer) => (
            <List.Item key={customer.customerId}>
              <Anchor component={Link} to={`/customers/${customer.customerId}`}>
                {customer.name || `#${customer.customerId}`}
              </Anchor>
            </List.Item>
          ))}
          {side.count > side.first.length ? (
            <List.Item>{t('andMore', { count: formatNumber(side.count - side.first.length, locale) })}</List.Item>
          ) : null}
        </List>
      ) : null}
    </Stack>
  );
}

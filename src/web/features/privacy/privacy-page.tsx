import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Pagination,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Table.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import {
  type PrivacySettings,
  privacySettingsSchema,
  RETENTION_BATCH_MAX,
  type RetentionBatchAnswer,
} from '@/contract/privacy';
import { RETENTION_YEARS_MAX, RETENTION_YEARS_MIN } from '@/contract/privacy-limits';
import { Dialog } from '../../components/dialog';
import { describeError } from '../../components/error-message';
import { EmptyState, ErrorState } from '../../components/page-states';
import { SectionCard } from '../../components/section-card';
import { appMessages } from '../../lib/app-messages';
import { formatDate, formatNumber } from '../../lib/format';
import { type Translate, useLocale, useMessages } from '../../lib/i18n';
import { localizedResolver } from '../../lib/localized-resolver';
import { notify } from '../../lib/notify';
import { ErasedAndKept } from './anonymise-dialog';
import { privacyMessages } from './privacy-messages';
import { fetchRetentionIds, privacyQueries, startRetentionBatch, useSaveSettings } from './privacy-queries';

/** The gateway's (English) messages of the retention setting, in the reader's language. */
function localRetentionMessage(
  message: string,
  t: Translate<'retentionMin' | 'retentionMax' | 'retentionWhole'>,
): string {
  if (message.startsWith('At least')) return t('retentionMin', { min: RETENTION_YEARS_MIN });
  if (message.startsWith('At most')) return t('retentionMax', { max: RETENTION_YEARS_MAX });
  return t('retentionWhole');
}

function RetentionSetting() {
  const t = useMessages(privacyMessages);
  const { locale } = useLocale();
  const tApp = useMessages(appMessages);
  const settings = useQuery(privacyQueries.settings());
  const save = useSaveSettings();
  const form = useForm<PrivacySettings>({
    resolver: localizedResolver(privacySettingsSchema, (message) => localRetentionMessage(message, t)),
    values: settings.data ?? { retentionYears: 7 },
  });
  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <Skeleton h={60} />;
  return (
    <form
      onSubmit={form.handleSubmit((values) =>
        save.mutate(values, { onSuccess: () => void notify({ color: 'teal', message: t('retentionSaved') }) }),
      )}
    >
      <Group align="flex-end">
        <Controller
          control={form.control}
          name="retentionYears"
          render={({ field, fieldState }) => (
            <NumberInput
              label={t('retentionLabel')}
              min={RETENTION_YEARS_MIN}
              max={RETENTION_YEARS_MAX}
              // What is typed stays as typed, for the form to say what it takes: "2,5" became 25 (the comma
              // dropped), "0" 1, "200" 30 and "-2" 2, saved without a word (a walkthrough).
              clampBehavior="none"
              decimalSeparator={locale === 'nl-NL' ? ',' : '.'}
              value={field.value}
              // A text on its way to a number ("2," before the 5) is kept as typed: made NaN, the field emptied.
              onChange={(value) => field.onChange(value === '' ? Number.NaN : (value as number))}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              w={220}
              data-testid="retention-years"
            />
          )}
        />
        <Button type="submit" loading={save.isPending}>
          {t('retentionSave')}
        </Button>
      </Group>
      {save.isError ? (
        <Alert color="red" mt="sm" role="alert">
          {describeError(save.error, tApp)}
        </Alert>
      ) : null}
    </form>
  );
}

type BatchPhase =
  | { kind: 'confirm' }
  | { kind: 'running'; done: number }
  | { kind: 'done'; jobs: RetentionBatchAnswer[] };

/**
 * Hands the chosen customers to the customer jobs in batches, one after the other, with a progress bar; stops
 * at the first refusal (the gateway says why: a customer who ordered since, or no customer jobs yet).
 */
function BatchDialog({ customerIds, onClose }: { customerIds: number[]; onClose: (finished: boolean) => void }) {
  const t = useMessages(privacyMessages);
  const tApp = useMessages(appMessages);
  const { locale } = useLocale();
  const [typed, setTyped] = useState('');
  const [phase, setPhase] = useState<BatchPhase>({ kind: 'confirm' });
  const [error, setError] = useState<unknown>(null);
  const total = customerIds.length;

  const run = async () => {
    setError(null);
    const jobs: RetentionBatchAnswer[] = [];
    for (let from = 0; from < total; from += RETENTION_BATCH_MAX) {
      setPhase({ kind: 'running', done: from });
      try {
        jobs.push(await startRetentionBatch(customerIds.slice(from, from + RETENTION_BATCH_MAX)));
      } catch (failure) {
        setError(failure);
        setPhase(jobs.length > 0 ? { kind: 'done', jobs } : { kind: 'confirm' });
        return;
      }
    }
    setPhase({ kind: 'done', jobs });
  };

  const done = phase.kind === 'running' ? phase.done : phase.kind === 'done' ? total : 0;
  return (
    <Dialog
      opened
      onClose={() => onClose(phase.kind === 'done')}
      title={t('anonymiseSelected')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('cancel') }}
    >
      <Stack gap="md">
        <ErasedAndKept />
        <Text size="sm">{t('batchConfirm', { count: total, batch: RETENTION_BATCH_MAX })}</Text>
        {phase.kind === 'confirm' ? (
          <TextInput
            label={t('batchWord')}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            data-testid="batch-confirmation"
          />
        ) : null}
        {phase.kind !== 'confirm' ? (
          <Stack gap={4}>
            <Progress value={(done / total) * 100} aria-label={t('batchProgress', { done, total })} />
            <Text size="sm" aria-live="polite">
              {t('batchProgress', { done: formatNumber(done, locale), total: formatNumber(total, locale) })}
            </Text>
          </Stack>
        ) : null}
        {phase.kind === 'done'
          ? phase.jobs.map((job) => (
              <Text size="sm" key={job.jobId}>
                {t('batchStarted', { job: job.jobId, count: job.customers })}
              </Text>
            ))
          : null}
        {error ? (
          <Alert color="red" role="alert" data-testid="batch-error">
            {describeError(error, tApp)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(phase.kind === 'done')}>
            {t('cancel')}
          </Button>
          {phase.kind === 'confirm' ? (
            <Button color="red.9" disabled={typed.trim().toUpperCase() !== t('batchWord')} onClick={() => void run()}>
              {t('confirm')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Dialog>
  );
}

function Proposals() {
  const t = useMessages(privacyMessages);
  const { locale } = useLocale();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const query = useQuery(privacyQueries.retention(page));
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [choosingAll, setChoosingAll] = useState(false);
  const [batching, setBatching] = useState(false);
  const data = query.data;
  // A new retention period proposes others: what was chosen for the old one is no longer meant.
  const years = data?.retentionYears;
  useEffect(() => {
    if (years !== undefined) setChosen(new Set());
  }, [years]);

  if (query.isError && !data) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!data) return <Skeleton h={200} />;
  const rows = data.data;
  const pageChosen = rows.length > 0 && rows.every((row) => chosen.has(row.customerId));
  const toggle = (ids: number[], on: boolean) =>
    setChosen((before) => {
      const next = new Set(before);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const chooseAll = async () => {
    setChoosingAll(true);
    try {
      setChosen(new Set((await fetchRetentionIds()).ids));
    } finally {
      setChoosingAll(false);
    }
  };

  return (
    <Stack gap="sm">
      <Text data-testid="retention-count">
        {t('proposalCount', { count: formatNumber(data.total, locale), date: formatDate(data.cutoff, locale) })}
      </Text>
      {data.total === 0 ? (
        <EmptyState title={t('noProposals')}>{t('noProposalsHint')}</EmptyState>
      ) : (
        <>
          <Group gap="sm">
            <Button variant="default" size="xs" onClick={() => void chooseAll()} loading={choosingAll}>
              {t('selectAll', { count: formatNumber(data.total, locale) })}
            </Button>
            {chosen.size > 0 ? (
              <>
                <Text size="sm">{t('selected', { count: formatNumber(chosen.size, locale) })}</Text>
                <Button variant="subtle" size="xs" onClick={() => setChosen(new Set())}>
                  {t('clearSelection')}
                </Button>
                <Button color="red.9" size="xs" onClick={() => setBatching(true)} data-testid="anonymise-selected">
                  {t('anonymiseSelected')}
                </Button>
              </>
            ) : null}
          </Group>
          <Paper withBorder radius="md">
            <Table data-testid="retention-table">
              <caption className="foyer-visually-hidden">{t('proposalTitle')}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col" w={40}>
                    <Checkbox
                      aria-label={t('selectPage')}
                      checked={pageChosen}
                      onChange={(event) =>
                        toggle(
                          rows.map((row) => row.customerId),
                          event.currentTarget.checked,
                        )
                      }
                    />
                  </Table.Th>
                  <Table.Th scope="col">{t('columnCustomer')}</Table.Th>
                  <Table.Th scope="col">{t('columnEmail')}</Table.Th>
                  <Table.Th scope="col">{t('columnCity')}</Table.Th>
                  <Table.Th scope="col">{t('columnLastChanged')}</Table.Th>
                  <Table.Th scope="col">{t('columnLastOrder')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('columnOrders')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.customerId} data-testid="retention-row" data-customer={row.customerId}>
                    <Table.Td>
                      <Checkbox
                        aria-label={t('selectRow', { id: row.customerId })}
                        checked={chosen.has(row.customerId)}
                        onChange={(event) => toggle([row.customerId], event.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/customers/${row.customerId}`}>
                        {row.name || row.customerId}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{row.email}</Table.Td>
                    <Table.Td>{row.city}</Table.Td>
                    <Table.Td>{formatDate(row.lastChanged, locale)}</Table.Td>
                    <Table.Td>{row.lastOrderAt ? formatDate(row.lastOrderAt, locale) : t('never')}</Table.Td>
                    <Table.Td ta="right" className="foyer-tabular">
                      {formatNumber(row.orders, locale)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
          {data.lastPage > 1 ? (
            <Pagination
              total={data.lastPage}
              value={data.page}
              onChange={(next) => setSearch((params) => ({ ...Object.fromEntries(params), page: String(next) }))}
              getControlProps={(control) => ({
                'aria-label': t(control === 'previous' || control === 'first' ? 'previous' : 'next'),
              })}
            />
          ) : null}
        </>
      )}
      {batching ? (
        <BatchDialog
          customerIds={[...chosen]}
          onClose={(finished) => {
            setBatching(false);
            if (finished) {
              setChosen(new Set());
              void query.refetch();
            }
          }}
        />
      ) : null}
    </Stack>
  );
}

/** `/customers/privacy`: the retention period and the customers it proposes for anonymising. */
export function PrivacyPage() {
  const t = useMessages(privacyMessages);
  return (
    <Stack gap="lg" maw={1100}>
      <Anchor component={Link} to="/customers" size="sm">
        {t('backToList')}
      </Anchor>
      <Title order={1}>{t('pageTitle')}</Title>
      <Text size="sm" c="dimmed">
        {t('pageIntro')}
      </Text>
      <SectionCard title={t('retentionTitle')} id="privacy-retention">
        <RetentionSetting />
      </SectionCard>
      <SectionCard title={t('proposalTitle')} id="privacy-proposals">
        <Proposals />
      </SectionCard>
    </Stack>
  );
}

import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Kbd,
  Pagination,
  Paper,
  Progress,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Kbd.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Table.css';
import { useHotkeys } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DUPLICATE_REASONS, type DuplicateReasonKey } from '@/contract/duplicate-reasons';
import type { DuplicatePair, DuplicateScan } from '@/contract/duplicates';
import { EmptyState, ErrorState } from '../../components/page-states';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { duplicatesMessages } from './duplicates-messages';
import { duplicateQueries, useMarkNotSame, useMergePair, useRescan } from './duplicates-queries';
import { MergeDialog, PairCompare } from './pair-compare';
import './duplicates.css';

type Translate = ReturnType<typeof useMessages<keyof (typeof duplicatesMessages)['nl']>>;

const isReason = (value: string | null): value is DuplicateReasonKey =>
  (DUPLICATE_REASONS as readonly string[]).includes(value ?? '');

/** The queue's filter and page, kept in the URL. */
function useQueueParams() {
  const [search, setSearch] = useSearchParams();
  const reasonText = search.get('reason');
  const reason = isReason(reasonText) ? reasonText : null;
  const page = Math.max(1, Number(search.get('page')) || 1);
  const set = (next: { reason?: DuplicateReasonKey | null; page?: number }) => {
    const params = new URLSearchParams(search);
    const nextReason = next.reason === undefined ? reason : next.reason;
    if (nextReason) params.set('reason', nextReason);
    else params.delete('reason');
    const nextPage = next.page ?? 1;
    if (nextPage > 1) params.set('page', String(nextPage));
    else params.delete('page');
    setSearch(params, { replace: true });
  };
  return { reason, page, set };
}

/** The scan under way (a progress bar) or the last one, and "scan again". */
function ScanStatus({ scan, t }: { scan: DuplicateScan; t: Translate }) {
  const { locale } = useLocale();
  const rescan = useRescan();
  const percent = scan.stepsTotal > 0 ? Math.round((scan.stepsDone / scan.stepsTotal) * 100) : 0;
  return (
    <Paper withBorder radius="md" p="md" data-testid="duplicate-scan">
      <Stack gap="xs">
        {scan.running ? (
          <>
            <Text size="sm" fw={600}>
              {t('scanRunning')} ({scan.kind === 'full' ? t('scanFull') : t('scanIncremental')})
            </Text>
            <Progress value={percent} animated aria-label={t('scanProgress')} />
          </>
        ) : (
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm" c="dimmed">
              {scan.fullRequested
                ? t('scanQueued')
                : scan.finishedAt
                  ? // An incremental scan compares the changed customers only: "0 compared" beside "21 pairs to
                    // review" read as a contradiction to a walkthrough.
                    t(scan.kind === 'incremental' ? 'scanLastIncremental' : 'scanLast', {
                      when: formatDateTime(scan.finishedAt, locale),
                      compared: formatNumber(scan.compared ?? 0, locale),
                      pairs: formatNumber(scan.pairsFound ?? 0, locale),
                    })
                  : t('scanNever')}
            </Text>
            <Button
              size="xs"
              variant="light"
              loading={rescan.isPending}
              disabled={scan.fullRequested}
              onClick={() => rescan.mutate()}
            >
              {t('rescan')}
            </Button>
          </Group>
        )}
        {scan.lastError && !scan.running ? (
          <Text size="sm" c="var(--mantine-color-error)">
            {t('scanError', { error: scan.lastError })}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

function PairRow({
  pair,
  selected,
  onSelect,
  t,
}: {
  pair: DuplicatePair;
  selected: boolean;
  onSelect: () => void;
  t: Translate;
}) {
  return (
    <Table.Tr
      aria-selected={selected}
      className={selected ? 'foyer-duplicate-selected' : undefined}
      data-testid="duplicate-pair"
      data-pair={`${pair.a.customerId}-${pair.b.customerId}`}
      onClick={onSelect}
    >
      <Table.Td className="foyer-tabular">
        <Badge
          color="dark"
          variant={pair.score >= 80 ? 'filled' : 'default'}
          aria-label={t('scoreLabel', { score: pair.score })}
        >
          {pair.score}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Anchor
          component="button"
          type="button"
          onClick={onSelect}
          aria-label={t('selectPair', { a: pair.a.customerId, b: pair.b.customerId })}
        >
          {pair.a.name || pair.a.email} · {pair.b.name || pair.b.email}
        </Anchor>
        <Text size="xs" c="dimmed">
          {pair.a.email} · {pair.b.email}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {pair.reasons.map((reason) => (
            <Badge key={reason} size="sm" variant="default" title={t(`reasonHint:${reason}`)}>
              {t(`reason:${reason}`)}
            </Badge>
          ))}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** `/customers/duplicates`: the review queue, with the selected pair side by side below it. */
export function DuplicatesPage() {
  const t = useMessages(duplicatesMessages);
  const { locale } = useLocale();
  const { reason, page, set } = useQueueParams();
  const queue = useQuery(duplicateQueries.queue(page, reason));
  const pairs = queue.data?.data ?? [];
  const [index, setIndex] = useState(0);
  const compareRef = useRef<HTMLDivElement>(null);
  const selected = pairs[Math.min(index, pairs.length - 1)];
  const [keep, setKeep] = useState<number | null>(null);
  const [mergeOpen, setMergeOpen] = useState(false);
  const notSame = useMarkNotSame();
  const merge = useMergePair();
  const compare = useQuery({
    ...duplicateQueries.pair(selected?.a.customerId ?? 0, selected?.b.customerId ?? 0),
    enabled: Boolean(selected),
  });

  // A new pair starts with the lower id (the older record) as the one kept.
  const selectedKey = selected ? `${selected.a.customerId}-${selected.b.customerId}` : '';
  useEffect(() => {
    if (selectedKey) setKeep(null);
  }, [selectedKey]);
  const kept = keep ?? selected?.a.customerId ?? 0;

  const closeLabel = { 'aria-label': t('close') };
  const move = (step: number) => setIndex((current) => Math.max(0, Math.min(pairs.length - 1, current + step)));
  const markNotSame = () => {
    if (!selected || notSame.isPending) return;
    notSame.mutate(
      { a: selected.a.customerId, b: selected.b.customerId },
      { onSuccess: () => void notify({ message: t('markedNotSame'), color: 'teal', closeButtonProps: closeLabel }) },
    );
  };
  const openMerge = () => {
    if (!selected) return;
    merge.reset();
    setMergeOpen(true);
  };
  const confirmMerge = () => {
    if (!selected) return;
    merge.mutate(
      { a: selected.a.customerId, b: selected.b.customerId, keep: kept },
      {
        onSuccess: (result) => {
          setMergeOpen(false);
          void notify({
            message: t('merged', { id: result.keptCustomerId }),
            color: 'teal',
            closeButtonProps: closeLabel,
          });
        },
      },
    );
  };
  // Not while the merge dialog asks. The page has no text fields, so keys also work from the keep choice's
  // radios and the filter (an INPUT each, which useHotkeys skips by default).
  const unlessMerging = (action: () => void) => () => {
    if (!mergeOpen) action();
  };
  useHotkeys(
    [
      ['j', unlessMerging(() => move(1))],
      ['k', unlessMerging(() => move(-1))],
      ['n', unlessMerging(markNotSame)],
      ['m', unlessMerging(openMerge)],
    ],
    ['TEXTAREA'],
  );

  return (
    <Stack gap="lg" maw={1200}>
      <Anchor component={Link} to="/customers" size="sm">
        {t('backToList')}
      </Anchor>
      <Title order={1}>{t('title')}</Title>
      <Text size="sm" c="dimmed" maw={760}>
        {t('intro')}
      </Text>
      <Alert color="blue" variant="light">
        {t('ordersStay')}
      </Alert>
      {queue.data ? <ScanStatus scan={queue.data.scan} t={t} /> : null}
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Select
          label={t('reasonFilter')}
          value={reason ?? ''}
          onChange={(value) => set({ reason: isReason(value) ? value : null })}
          data={[
            { value: '', label: t('reasonAll') },
            ...DUPLICATE_REASONS.map((key) => ({ value: key, label: t(`reason:${key}`) })),
          ]}
          allowDeselect={false}
          w={260}
        />
        {/* Keys are for a keyboard: a phone shows none of them. */}
        <Text size="sm" c="dimmed" visibleFrom="sm">
          {t('keyboardHint')}
        </Text>
      </Group>
      {queue.isError ? <ErrorState error={queue.error} onRetry={() => void queue.refetch()} /> : null}
      {!queue.data && !queue.isError ? <Skeleton height={240} radius="md" aria-label={t('title')} /> : null}
      {queue.data && pairs.length === 0 ? (
        <Paper withBorder radius="md">
          <EmptyState title={t('emptyTitle')}>{reason ? t('emptyFiltered') : t('emptyHint')}</EmptyState>
        </Paper>
      ) : null}
      {queue.data && pairs.length > 0 ? (
        <Stack gap="sm">
          <Text size="sm" fw={600}>
            {t('pairsCount', { count: formatNumber(queue.data.total, locale) })}
          </Text>
          <Paper withBorder radius="md">
            <Table highlightOnHover className="foyer-duplicate-table" data-testid="duplicate-queue">
              <caption className="foyer-visually-hidden">{t('title')}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col" w={72}>
                    {t('columnScore')}
                  </Table.Th>
                  <Table.Th scope="col">{t('columnPair')}</Table.Th>
                  <Table.Th scope="col">{t('columnReasons')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {pairs.map((pair, i) => (
                  <PairRow
                    key={`${pair.a.customerId}-${pair.b.customerId}`}
                    pair={pair}
                    selected={pair === selected}
                    onSelect={() => {
                      setIndex(i);
                      // A pair picked by hand opens where it is compared: below the queue, 1,900 px down on a
                      // phone, where the tap seemed to do nothing. The keys (j, k) move through the queue instead.
                      requestAnimationFrame(() =>
                        compareRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' }),
                      );
                    }}
                    t={t}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
          {queue.data.lastPage > 1 ? (
            <Pagination total={queue.data.lastPage} value={page} onChange={(next) => set({ page: next })} />
          ) : null}
        </Stack>
      ) : null}
      {selected ? (
        <Stack gap="sm" ref={compareRef} style={{ scrollMarginTop: 'calc(var(--foyer-header-height, 60px) + 8px)' }}>
          <Group gap="sm">
            <Button variant="default" onClick={markNotSame} loading={notSame.isPending} aria-keyshortcuts="N">
              {t('notSame')}{' '}
              <Kbd ml="xs" aria-hidden>
                n
              </Kbd>
            </Button>
            <Button onClick={openMerge} aria-keyshortcuts="M">
              {t('merge')}{' '}
              <Kbd ml="xs" aria-hidden>
                m
              </Kbd>
            </Button>
          </Group>
          {notSame.isError ? <ErrorState error={notSame.error} /> : null}
          <PairCompare a={selected.a.customerId} b={selected.b.customerId} keep={kept} onKeepChange={setKeep} />
        </Stack>
      ) : null}
      <MergeDialog
        data={compare.data}
        keep={kept}
        opened={mergeOpen}
        busy={merge.isPending}
        error={merge.error}
        onClose={() => setMergeOpen(false)}
        onConfirm={confirmMerge}
      />
    </Stack>
  );
}

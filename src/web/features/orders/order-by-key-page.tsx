import { Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Progress.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyState, ErrorState } from '../../components/page-states';
import { isApiError } from '../../lib/api-error';
import type { PageProgress } from '../../lib/fetch-all-pages';
import { formatNumber } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { fetchOrderListPage, orderKeys, orderQueries } from '../../lib/queries/order-queries';
import type { OrderExport, OrderPage } from '../../lib/schemas/order';
import { findOrderByKey } from './find-order-by-key';
import { seedOrderCache } from './order-cache';
import { orderPageMessages } from './order-page-messages';
import { ordersMessages } from './orders-messages';

type Search =
  | { state: 'searching'; progress: PageProgress | null }
  | { state: 'notFound' }
  | { state: 'cancelled' }
  | { state: 'failed'; error: unknown };

/** An order the app already holds (a list page seen before): no call needed. */
function fromCache(queryClient: ReturnType<typeof useQueryClient>, orderKey: string): OrderExport | null {
  for (const [, page] of queryClient.getQueriesData<OrderPage>({ queryKey: orderKeys.lists() })) {
    const match = page?.data.find((row) => row.orderKey === orderKey);
    if (match) return match;
  }
  return null;
}

/**
 * `/orders/<key>`: finds the order with this key and opens its page. The public status call answers at
 * once whether the key exists at all; only then are the order pages searched (see find-order-by-key.ts).
 */
export function OrderByKeyPage({ orderKey }: { orderKey: string }) {
  const t = useMessages(orderPageMessages);
  const ts = useMessages(ordersMessages);
  const { locale } = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const status = useQuery({ ...orderQueries.publicStatus(orderKey), retry: false });
  const [search, setSearch] = useState<Search>({ state: 'searching', progress: null });
  const [attempt, setAttempt] = useState(0);
  const [controller, setController] = useState<AbortController | null>(null);
  const keyExists = status.isSuccess;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (retry, search again) starts a new search
  useEffect(() => {
    if (!keyExists) return;
    const cached = fromCache(queryClient, orderKey);
    if (cached) {
      seedOrderCache(queryClient, cached);
      void navigate(`/orders/${cached.orderId}`, { replace: true });
      return;
    }
    const abort = new AbortController();
    setController(abort);
    setSearch({ state: 'searching', progress: null });
    findOrderByKey({
      orderKey,
      fetchPage: (page, signal) => fetchOrderListPage({ page, changedSince: '' }, signal),
      signal: abort.signal,
      onProgress: (progress) => setSearch({ state: 'searching', progress }),
    }).then(
      (found) => {
        if (found) {
          seedOrderCache(queryClient, found);
          void navigate(`/orders/${found.orderId}`, { replace: true });
        } else {
          setSearch({ state: 'notFound' });
        }
      },
      (error: unknown) => {
        if (abort.signal.aborted) setSearch({ state: 'cancelled' });
        else setSearch({ state: 'failed', error });
      },
    );
    return () => abort.abort(new DOMException('Left the page', 'AbortError'));
  }, [keyExists, orderKey, queryClient, navigate, attempt]);

  const notFound =
    (status.isError && isApiError(status.error) && status.error.status === 404) || search.state === 'notFound';
  const backToList = (
    <Button component={Link} to="/orders" variant="light">
      {ts('backToList')}
    </Button>
  );

  let body: React.ReactNode;
  if (notFound) {
    body = (
      <EmptyState title={t('findingNotFound', { key: orderKey })} action={backToList}>
        {t('findingNotFoundHint')}
      </EmptyState>
    );
  } else if (status.isError) {
    body = <ErrorState error={status.error} onRetry={() => void status.refetch()} />;
  } else if (search.state === 'failed') {
    body = <ErrorState error={search.error} onRetry={() => setAttempt((value) => value + 1)} />;
  } else if (search.state === 'cancelled') {
    body = (
      <Stack gap="sm" align="flex-start">
        <Text role="status">{t('cancelled')}</Text>
        <Group>
          <Button onClick={() => setAttempt((value) => value + 1)}>{t('searchAgain')}</Button>
          {backToList}
        </Group>
      </Stack>
    );
  } else {
    const progress = search.progress;
    body = (
      <Stack gap="sm">
        <Text role="status" aria-live="polite">
          {progress
            ? t('findingScanning', {
                done: formatNumber(progress.pagesDone, locale),
                pages: formatNumber(progress.pageCount, locale),
              })
            : t('findingChecking')}
        </Text>
        <Progress
          value={progress ? (progress.pagesDone / Math.max(1, progress.pageCount)) * 100 : 0}
          aria-label={t('findingTitle', { key: orderKey })}
        />
        <Group>
          <Button variant="default" onClick={() => controller?.abort(new DOMException('Stopped', 'AbortError'))}>
            {ts('cancel')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={800}>
      <Title order={1} style={{ wordBreak: 'break-all' }}>
        {t('findingTitle', { key: orderKey })}
      </Title>
      <Paper withBorder radius="md" p="md">
        {body}
      </Paper>
    </Stack>
  );
}

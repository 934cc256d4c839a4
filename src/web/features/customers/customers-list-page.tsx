import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { SortingState } from '@tanstack/react-table';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CUSTOMER_PAGE_SIZE } from '@/contract/customer-search';
import { DataTable } from '../../components/data-table/data-table';
import { useTablePage } from '../../components/data-table/use-table-page';
import { MirrorFreshness } from '../../components/mirror-freshness';
import { isApiError } from '../../lib/api-error';
import { formatNumber } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import type { Customer } from '../../lib/schemas/customer';
import { useCan } from '../../lib/use-can';
import { useCustomerColumns } from './customer-columns';
import {
  type CustomerListParams,
  hasFilters,
  isSortColumn,
  readCustomerListParams,
  searchParamsOf,
  writeCustomerListParams,
} from './customer-list-params';
import { customerQueries } from './customer-queries';
import { CustomerSearchPanel } from './customer-search-panel';
import { customersMessages } from './customers-messages';
import { isExactEmail } from './exact-email';
import { useRememberedSearch } from './remembered-search';
import { useCustomerSelection } from './use-customer-selection';
import { useSearchAfterSync } from './use-search-after-sync';

const PENDING = { isPending: true, isError: false, error: null };

/** The gateway is still reading its copy of the customers for the first time (after a start): 503. */
const isSearchStarting = (error: unknown) => isApiError(error) && error.status === 503;
const customerRowId = (row: Customer) => String(row.customerId);
/** Typing pauses this long before the gateway is asked (each keystroke would do, but most are overtaken). */
const SEARCH_DEBOUNCE_MS = 120;

// Loaded when first opened: the list itself stays smaller.
const BulkTagDialog = lazy(async () => ({ default: (await import('./bulk-tag-dialog')).BulkTagDialog }));

const CUSTOMERS_MIRROR = ['customers'] as const;

/**
 * The customer list, searched, filtered, sorted and paged by the gateway from its mirror of the customers
 * (issue 21): a page of rows per answer, nothing of the rest of the customer base in the browser. Column
 * headers sort. Rows can be selected, or all matches of a search, for a bulk tag change.
 */
export function CustomersListPage() {
  const t = useMessages(customersMessages);
  const { locale } = useLocale();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readCustomerListParams(search), [search]);
  const [page] = useTablePage();
  const [text, setText] = useRememberedSearch();
  const [settledText] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const { selected, toggle, clear: clearSelection, release, selectAllMatches } = useCustomerSelection();
  const [bulkOpen, setBulkOpen] = useState(false);
  // Selecting rows is for the bulk tag change: only for roles that may change tags. New: customers:write.
  const mayTag = useCan('tags:write');
  const mayCreate = useCan('customers:write');
  const mayPrivacy = useCan('privacy:manage');
  const mayReviewDuplicates = useCan('duplicates:review');
  const maySegment = useCan('segments:manage');

  const update = (change: Partial<CustomerListParams>) =>
    setSearch(writeCustomerListParams({ ...params, ...change }), { replace: true });

  const onType = (value: string) => {
    // Other words are other results: the selection follows them (use-customer-selection.ts).
    if (value.trim() !== text.trim()) clearSelection();
    setText(value);
    // A new search starts at its first page.
    if (page !== 1) update({});
  };
  const onFilter = (change: Partial<CustomerListParams>) => {
    clearSelection();
    update(change);
  };

  useSearchAfterSync();
  const searching = settledText.trim() !== '';
  const list = useQuery(customerQueries.list(searchParamsOf(settledText, params, page, CUSTOMER_PAGE_SIZE)));
  const pageRows = list.data?.data;
  const matchCount = list.data?.total ?? 0;
  const checkingEmail = isExactEmail(settledText) && list.isFetching;
  // The count belongs to the rows on screen: while the typed words or a new filter are still on their way
  // (the debounce, then the gateway), the previous answer's count would read as theirs.
  const counted = list.data !== undefined && !list.isPlaceholderData && text === settledText;

  const sorting = useMemo<SortingState>(
    () => (params.sort ? [{ id: params.sort.column, desc: params.sort.descending }] : []),
    [params.sort],
  );
  // Stable props, so the (memoised) table is not redrawn on every keystroke in the search box.
  const { isPending, isError, error, isFetching, isPlaceholderData } = list;
  const listState = useMemo(
    () => ({ isPending, isError, error, isFetching, isPlaceholderData }),
    [isPending, isError, error, isFetching, isPlaceholderData],
  );
  const refetchList = list.refetch;
  const retryList = useCallback(() => void refetchList(), [refetchList]);
  const openCustomer = useCallback((row: Customer) => void navigate(`/customers/${row.customerId}`), [navigate]);
  const tableSorting = useMemo(
    () => ({
      state: sorting,
      onChange: (next: SortingState) => {
        const first = next[0];
        setSearch(
          writeCustomerListParams({
            ...params,
            sort: first && isSortColumn(first.id) ? { column: first.id, descending: first.desc } : null,
          }),
          { replace: true },
        );
      },
    }),
    [sorting, params, setSearch],
  );

  const columns = useCustomerColumns({ pageRows, selected, toggle, mayTag, mergedInto: list.data?.mergedInto });

  return (
    <Stack gap="lg" maw={1400}>
      <Group justify="space-between" align="flex-end">
        <Group gap="md" align="baseline" wrap="wrap">
          <Title order={1}>{t('listTitle')}</Title>
          <MirrorFreshness resources={CUSTOMERS_MIRROR} />
        </Group>
        <Group gap="sm">
          <Button component={Link} to="/customers/tags" variant="subtle">
            {t('tagOverview')}
          </Button>
          {mayPrivacy ? (
            <Button component={Link} to="/customers/privacy" variant="subtle">
              {t('privacyOverview')}
            </Button>
          ) : null}
          {mayReviewDuplicates ? (
            <Button component={Link} to="/customers/duplicates" variant="subtle">
              {t('duplicates')}
            </Button>
          ) : null}
          {maySegment ? (
            <Button component={Link} to="/customers/segments" variant="subtle">
              {t('segments')}
            </Button>
          ) : null}
          {mayCreate ? (
            <Button component={Link} to="/customers/new">
              {t('newCustomer')}
            </Button>
          ) : null}
        </Group>
      </Group>

      <CustomerSearchPanel text={text} onType={onType} params={params} onChange={onFilter} />

      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm">
          <Text size="sm" role="status" data-testid="customers-count" data-query={list.data?.q ?? ''}>
            {counted
              ? t(searching || hasFilters(params) ? 'resultCount' : 'customerCount', {
                  count: formatNumber(matchCount, locale),
                })
              : list.data || list.isFetching
                ? t('counting')
                : ''}
            {checkingEmail ? ` ${t('emailChecking')}` : ''}
          </Text>
        </Group>
        {mayTag ? (
          <Group gap="xs">
            {selected.size > 0 ? (
              <>
                <Text size="sm" data-testid="selected-count">
                  {t('selectedCount', { count: formatNumber(selected.size, locale) })}
                </Text>
                <Button size="xs" variant="subtle" onClick={clearSelection}>
                  {t('clearSelection')}
                </Button>
              </>
            ) : null}
            {counted && (searching || hasFilters(params)) && matchCount > 0 ? (
              <Button size="xs" variant="light" onClick={() => void selectAllMatches(settledText, params)}>
                {t('selectAllMatches', { count: formatNumber(matchCount, locale) })}
              </Button>
            ) : null}
            <Button size="xs" disabled={selected.size === 0} onClick={() => setBulkOpen(true)}>
              {t('bulkTags')}
            </Button>
          </Group>
        ) : null}
      </Group>

      {isSearchStarting(list.error) ? (
        <Alert color="yellow" variant="light" role="status">
          {t('searchStarting')}
        </Alert>
      ) : null}

      <DataTable
        label={t('customersTable')}
        columns={columns}
        data={pageRows}
        rowCount={list.data?.total}
        pageSize={CUSTOMER_PAGE_SIZE}
        query={pageRows === undefined && !list.isError ? PENDING : listState}
        onRetry={retryList}
        getRowId={customerRowId}
        onRowClick={openCustomer}
        emptyTitle={searching || hasFilters(params) ? t('noMatches') : t('noCustomers')}
        emptyText={searching ? t('noMatchesHint') : undefined}
        sorting={tableSorting}
        // At 1280 px the last change was past the right edge; the opt-in has its filter above the list.
        hiddenBelowWide={['credit', 'optin']}
      />

      {bulkOpen && mayTag ? (
        <Suspense fallback={null}>
          <BulkTagDialog
            customers={[...selected.values()]}
            onClose={(changed) => {
              // The selection stays for what is left to do: a walkthrough ran a second change on customers done.
              release(changed);
              setBulkOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}

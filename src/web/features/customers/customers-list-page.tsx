import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import '@mantine/core/styles/Combobox.css';
import { useQuery } from '@tanstack/react-query';
import type { SortingState } from '@tanstack/react-table';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CUSTOMER_PAGE_SIZE } from '../../../contract/customer-search';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { useTablePage } from '../../components/data-table/use-table-page';
import { IconSearch } from '../../components/icons/shell-icons';
import { MirrorFreshness } from '../../components/mirror-freshness';
import { isApiError } from '../../lib/api-error';
import { formatDateTime, formatMoney, formatNumber } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { customerQueries, fetchCustomerMatches } from '../../lib/queries/customer-queries';
import { type Customer, type CustomerMatch, customerName } from '../../lib/schemas/customer';
import { useCan } from '../../lib/use-can';
import {
  type CustomerListParams,
  descendingFirst,
  hasFilters,
  isSortColumn,
  readCustomerListParams,
  searchParamsOf,
  writeCustomerListParams,
} from './customer-list-params';
import { OptinBadge, RowCheckbox, TagChips } from './customer-parts';
import { customersMessages } from './customers-messages';
import { isExactEmail } from './exact-email';
import { useRememberedSearch } from './remembered-search';
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
  const [selected, setSelected] = useState<Map<number, CustomerMatch>>(() => new Map());
  const [bulkOpen, setBulkOpen] = useState(false);
  // Selecting rows is for the bulk tag change: only for roles that may change tags. New: customers:write.
  const mayTag = useCan('tags:write');
  const mayCreate = useCan('customers:write');
  const clientTypes = useQuery(customerQueries.clientTypes());

  const update = (change: Partial<CustomerListParams>) =>
    setSearch(writeCustomerListParams({ ...params, ...change }), { replace: true });

  const onType = (value: string) => {
    setText(value);
    // A new search starts at its first page.
    if (page !== 1) update({});
  };

  useSearchAfterSync();
  const searching = settledText.trim() !== '';
  const list = useQuery(customerQueries.list(searchParamsOf(settledText, params, page, CUSTOMER_PAGE_SIZE)));
  const pageRows = list.data?.data;
  const matchCount = list.data?.total ?? 0;
  const checkingEmail = isExactEmail(settledText) && list.isFetching;

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

  const selectAllMatches = async () => {
    const { page: _page, perPage: _perPage, ...all } = searchParamsOf(settledText, params, 1, CUSTOMER_PAGE_SIZE);
    const matches = await fetchCustomerMatches(all);
    setSelected(new Map(matches.data.map((customer) => [customer.customerId, customer])));
    if (matches.truncated) {
      void notify({
        color: 'yellow',
        message: t('selectTruncated', { count: formatNumber(matches.data.length, locale) }),
      });
    }
  };

  const toggle = useCallback(
    (customer: CustomerMatch, on: boolean) =>
      setSelected((current) => {
        const next = new Map(current);
        if (on) next.set(customer.customerId, customer);
        else next.delete(customer.customerId);
        return next;
      }),
    [],
  );
  const pageIds = (pageRows ?? []).map((customer) => customer.customerId);
  const pageAllSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const pageSomeSelected = pageIds.some((id) => selected.has(id));

  const columns = useMemo<DataTableColumn<Customer>[]>(() => {
    const all: DataTableColumn<Customer>[] = [
      {
        id: 'select',
        header: () => (
          <RowCheckbox
            aria-label={t('selectPage')}
            checked={pageAllSelected}
            indeterminate={!pageAllSelected && pageSomeSelected}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              for (const customer of pageRows ?? []) toggle(customer, on);
            }}
          />
        ),
        enableHiding: false,
        cell: ({ row }) => (
          // The row opens the customer; the checkbox only selects.
          // biome-ignore lint/a11y/noStaticElementInteractions: stops the row's click, not a control itself
          // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard users reach the checkbox itself
          <div onClick={(event) => event.stopPropagation()}>
            <RowCheckbox
              aria-label={t('selectRow', { name: customerName(row.original) || row.original.email })}
              checked={selected.has(row.original.customerId)}
              onChange={(event) => toggle(row.original, event.currentTarget.checked)}
              onKeyDown={(event) => event.stopPropagation()}
            />
          </div>
        ),
      },
      {
        id: 'name',
        // Sortable columns need an accessor: without one TanStack Table's getCanSort() is false and the header
        // click does nothing. The gateway sorts; the value is only what makes the column sortable.
        accessorFn: (customer) => customerName(customer),
        header: t('columnName'),
        enableHiding: false,
        enableSorting: true,
        cell: ({ row }) => (
          <span className="foyer-strong" data-testid="customer-name">
            {customerName(row.original) || '—'}
          </span>
        ),
      },
      {
        id: 'email',
        accessorFn: (customer) => customer.email,
        header: t('columnEmail'),
        enableSorting: true,
        cell: ({ row }) => row.original.email,
      },
      { id: 'phone', header: t('columnPhone'), cell: ({ row }) => row.original.customerPhone },
      {
        id: 'city',
        accessorFn: (customer) => customer.customerCity,
        header: t('columnCity'),
        enableSorting: true,
        cell: ({ row }) => row.original.customerCity,
      },
      { id: 'tags', header: t('columnTags'), cell: ({ row }) => <TagChips tags={row.original.customerTags} /> },
      {
        id: 'credit',
        accessorFn: (customer) => customer.customerCredit,
        header: t('columnCredit'),
        enableSorting: true,
        sortDescFirst: descendingFirst('credit'),
        cell: ({ row }) => <span className="foyer-tabular">{formatMoney(row.original.customerCredit, locale)}</span>,
      },
      { id: 'optin', header: t('columnOptin'), cell: ({ row }) => <OptinBadge prefs={row.original.customerPrefs} /> },
      {
        id: 'lastChanged',
        accessorFn: (customer) => customer.lastChanged,
        header: t('columnLastChanged'),
        enableSorting: true,
        sortDescFirst: descendingFirst('lastChanged'),
        cell: ({ row }) => (row.original.lastChanged ? formatDateTime(row.original.lastChanged, locale) : ''),
      },
    ];
    return mayTag ? all : all.filter((column) => column.id !== 'select');
  }, [t, locale, selected, pageRows, pageAllSelected, pageSomeSelected, toggle, mayTag]);

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
          {mayCreate ? (
            <Button component={Link} to="/customers/new">
              {t('newCustomer')}
            </Button>
          ) : null}
        </Group>
      </Group>

      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <TextInput
            label={t('search')}
            description={t('searchHint')}
            placeholder={t('searchPlaceholder')}
            type="search"
            leftSection={<IconSearch size={16} />}
            value={text}
            onChange={(event) => onType(event.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
            data-testid="customer-search"
            size="md"
          />
          <Group gap="md" align="flex-end" wrap="wrap">
            <NativeSelect
              label={t('filterTag')}
              value={params.tag}
              onChange={(event) => update({ tag: event.currentTarget.value })}
              data={[
                { value: '', label: t('all') },
                ...(clientTypes.data ?? (params.tag ? [params.tag] : [])).map((tag) => ({ value: tag, label: tag })),
              ]}
            />
            <NativeSelect
              label={t('filterOptin')}
              value={params.optin}
              onChange={(event) => update({ optin: event.currentTarget.value as CustomerListParams['optin'] })}
              data={[
                { value: '', label: t('all') },
                { value: 'yes', label: t('optinYes') },
                { value: 'no', label: t('optinNo') },
                { value: 'unknown', label: t('optinUnknown') },
              ]}
            />
            <TextInput
              type="date"
              label={t('filterChangedSince')}
              value={params.since}
              onChange={(event) => update({ since: event.currentTarget.value })}
            />
            {hasFilters(params) ? (
              <Button variant="subtle" onClick={() => update({ tag: '', optin: '', since: '' })}>
                {t('clearFilters')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Paper>

      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm">
          <Text size="sm" role="status" data-testid="customers-count" data-query={list.data?.q ?? ''}>
            {list.data
              ? t(searching || hasFilters(params) ? 'resultCount' : 'customerCount', {
                  count: formatNumber(matchCount, locale),
                })
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
                <Button size="xs" variant="subtle" onClick={() => setSelected(new Map())}>
                  {t('clearSelection')}
                </Button>
              </>
            ) : null}
            {(searching || hasFilters(params)) && matchCount > 0 ? (
              <Button size="xs" variant="light" onClick={() => void selectAllMatches()}>
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
      />

      {bulkOpen && mayTag ? (
        <Suspense fallback={null}>
          <BulkTagDialog customers={[...selected.values()]} onClose={() => setBulkOpen(false)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}

import { Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SortingState } from '@tanstack/react-table';
import { lazy, type ReactNode, Suspense, useCallback, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCan } from '../../app/use-can';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { useTablePage } from '../../components/data-table/use-table-page';
import { IconSearch } from '../../components/icons';
import { MirrorFreshness } from '../../components/mirror-freshness';
import { formatDateTime, formatMoney, formatNumber } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { customerQueries } from '../../lib/queries/customer-queries';
import { type Customer, customerName } from '../../lib/schemas/customer';
import type { CustomerQuery } from './customer-directory-protocol';
import {
  type CustomerListParams,
  descendingFirst,
  hasFilters,
  isSortColumn,
  readCustomerListParams,
  writeCustomerListParams,
} from './customer-list-params';
import { DirectoryStatusBar, OptinBadge, RowCheckbox, TagChips } from './customer-parts';
import { customersMessages } from './customers-messages';
import { useCustomerQuery, useDirectory, useDirectoryValue } from './use-customer-directory';

const PAGE_SIZE = 100;
const PENDING = { isPending: true, isError: false, error: null };
const SETTLED = { isPending: false, isError: false, error: null };
const customerRowId = (row: Customer) => String(row.customerId);

// Loaded when first opened: the list itself stays smaller.
const BulkTagDialog = lazy(async () => ({ default: (await import('./bulk-tag-dialog')).BulkTagDialog }));

const CUSTOMERS_MIRROR = ['customers'] as const;

/**
 * The customer list. Searches, filters and sorts run in the directory's worker (all customers, in memory),
 * which hands back the rows of the page shown; until the background load is done, the plain list pages
 * through the export instead. Column headers sort. Rows can be selected, or all matches of a search, for a
 * bulk tag change.
 */
export function CustomersListPage() {
  const t = useMessages(customersMessages);
  const { locale } = useLocale();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readCustomerListParams(search), [search]);
  const [page] = useTablePage();
  const directory = useDirectory();
  const status = useDirectoryValue(directory, (state) => state.status, null);
  const [text, setText] = useState(() => directory?.lastQuery ?? '');
  const [selected, setSelected] = useState<Map<number, Customer>>(() => new Map());
  const [bulkOpen, setBulkOpen] = useState(false);
  // Selecting rows is for the bulk tag change: only for roles that may change tags. New: customers:write.
  const mayTag = useCan('tags:write');
  const mayCreate = useCan('customers:write');
  const clientTypes = useQuery(customerQueries.clientTypes());

  const update = (change: Partial<CustomerListParams>) =>
    setSearch(writeCustomerListParams({ ...params, ...change }), { replace: true });

  const onType = (value: string) => {
    setText(value);
    if (directory) directory.lastQuery = value;
    // A new search starts at its first page.
    if (page !== 1) update({});
  };

  const ready = status === 'ready';
  const searching = text.trim() !== '';
  const local = Boolean(directory) && (ready || searching || hasFilters(params) || params.sort !== null);
  // While the table pages through the export, the customers arriving in the directory change nothing on it.
  const version = useDirectoryValue(directory, (state) => (local ? state.version : 0), 0);
  // The progress of a load shows here only while searching before it is done.
  const partialProgress = useDirectoryValue(
    directory,
    (state) => (local && state.status !== 'ready' ? state.progress : null),
    null,
  );

  const exportPage = useQuery({
    ...customerQueries.exportPage(page),
    placeholderData: keepPreviousData,
    enabled: !local,
  });

  const query = useMemo<CustomerQuery | null>(
    () =>
      local
        ? {
            text,
            tag: params.tag,
            optin: params.optin,
            since: params.since,
            sort: params.sort,
            offset: (page - 1) * PAGE_SIZE,
            limit: PAGE_SIZE,
          }
        : null,
    [local, text, params, page],
  );
  const found = useCustomerQuery(directory, version, query);
  const pageRows = local ? found.rows : exportPage.data?.data;
  const rowCount = local ? found.total : exportPage.data?.total;
  const matchCount = found.total ?? 0;

  const sorting = useMemo<SortingState>(
    () => (params.sort ? [{ id: params.sort.column, desc: params.sort.descending }] : []),
    [params.sort],
  );
  // Stable props, so the (memoised) table is not redrawn on every keystroke in the search box.
  const { isPending, isError, error, isFetching, isPlaceholderData } = exportPage;
  const exportPageState = useMemo(
    () => ({ isPending, isError, error, isFetching, isPlaceholderData }),
    [isPending, isError, error, isFetching, isPlaceholderData],
  );
  const refetchExportPage = exportPage.refetch;
  const retryExportPage = useCallback(() => void refetchExportPage(), [refetchExportPage]);
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
    if (!directory || !query) return;
    const all = await directory.matching({ ...query, offset: 0, limit: 0 });
    setSelected(new Map(all.map((customer) => [customer.customerId, customer])));
  };

  const toggle = useCallback(
    (customer: Customer, on: boolean) =>
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
        // click does nothing. The worker sorts; the value is only what makes the column sortable.
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

  let notice: ReactNode = null;
  if (partialProgress) {
    notice = (
      <Text size="sm" c="dimmed">
        {t('partialSearch', {
          done: formatNumber(partialProgress.rowsDone, locale),
          total: formatNumber(partialProgress.total, locale),
        })}
      </Text>
    );
  }

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

      {directory ? <DirectoryStatusBar directory={directory} /> : null}

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
          <Text
            size="sm"
            role="status"
            data-testid="customers-count"
            data-query={local ? (found.answered ?? '') : text}
          >
            {searching || hasFilters(params) ? t('resultCount', { count: formatNumber(matchCount, locale) }) : ''}
            {found.emailLookup.pending ? ` ${t('emailChecking')}` : ''}
          </Text>
          {notice}
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
            {local && (searching || hasFilters(params)) && matchCount > 0 ? (
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

      <DataTable
        label={t('customersTable')}
        columns={columns}
        data={pageRows}
        rowCount={rowCount}
        pageSize={PAGE_SIZE}
        query={local ? (found.rows === undefined ? PENDING : SETTLED) : exportPageState}
        onRetry={retryExportPage}
        getRowId={customerRowId}
        onRowClick={openCustomer}
        emptyTitle={searching || hasFilters(params) ? t('noMatches') : t('noCustomers')}
        emptyText={searching ? t('noMatchesHint') : undefined}
        sorting={tableSorting}
      />

      {bulkOpen && mayTag ? (
        <Suspense fallback={null}>
          <BulkTagDialog customers={[...selected.values()]} directory={directory} onClose={() => setBulkOpen(false)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}

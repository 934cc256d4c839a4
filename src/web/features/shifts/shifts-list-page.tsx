import { Anchor, Button, Checkbox, Group, Select, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Combobox.css';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SHIFT_FILTER_KEYS, SHIFT_STATUSES, type ShiftSummary } from '@/contract/shift';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { useTablePage } from '../../components/data-table/use-table-page';
import { DateRangeFields } from '../../components/date-range-fields';
import { formatMoney } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { eurosOf } from '../../lib/money';
import { sessionQuery } from '../../lib/session';
import { useCan } from '../../lib/use-can';
import { ShiftBadges } from './shift-badges';
import { ShiftBar } from './shift-bar';
import { formatAtDesk } from './shift-model';
import { type ShiftFilter, shiftQueries } from './shift-queries';
import { shiftsMessages } from './shifts-messages';
import { SignOffDialog } from './sign-off-dialog';

const PAGE_SIZE = 50;

/**
 * `/shifts`: the shifts, newest first, 50 a page; status, desk, seller, days and "past midnight" live in the
 * URL. Reviewers see every desk's shifts and sign closed ones off from here; a seller sees their own, with
 * their current shift on top.
 */
export function ShiftsListPage() {
  const t = useMessages(shiftsMessages);
  const { locale } = useLocale();
  const navigate = useNavigate();
  const reviewer = useCan('shifts:review');
  const seller = useCan('sales:sell');
  const { data: session } = useQuery(sessionQuery);
  const me = session?.person.id;
  const [search, setSearch] = useSearchParams();
  const [page] = useTablePage();
  const filter = Object.fromEntries(
    SHIFT_FILTER_KEYS.map((key) => [key, search.get(key) ?? '']),
  ) as unknown as ShiftFilter;
  const query = useQuery(shiftQueries.list(filter, page));
  const options = useQuery(shiftQueries.options());
  const [signing, setSigning] = useState<ShiftSummary | null>(null);
  const setFilter = (key: keyof ShiftFilter, value: string) =>
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      if (value) next.set(key, value);
      else next.delete(key);
      next.delete('page');
      return next;
    });
  const filtered = SHIFT_FILTER_KEYS.some((key) => filter[key]);
  const columns = useMemo<DataTableColumn<ShiftSummary>[]>(() => {
    const money = (cents: number) => formatMoney(eurosOf(cents), locale);
    const mayCheck = (shift: ShiftSummary) =>
      reviewer && shift.status === 'closed' && shift.seller.accountId !== me && shift.closedBy?.accountId !== me;
    return [
      {
        id: 'shift',
        header: t('columnShift'),
        enableHiding: false,
        cell: ({ row }) => (
          <Anchor component={Link} to={`/shifts/${row.original.id}`} onClick={(event) => event.stopPropagation()}>
            {t('shiftNumber', { id: row.original.id })}
          </Anchor>
        ),
      },
      { id: 'desk', header: t('columnDesk'), cell: ({ row }) => row.original.desk.name },
      {
        id: 'seller',
        header: t('columnSeller'),
        cell: ({ row }) => row.original.seller.name ?? row.original.seller.email,
      },
      {
        id: 'opened',
        header: t('columnOpened'),
        cell: ({ row }) => (
          <time dateTime={row.original.openedAt} className="foyer-tabular">
            {formatAtDesk(row.original.openedAt, locale, row.original.timeZone)}
          </time>
        ),
      },
      {
        id: 'closed',
        header: t('columnClosed'),
        cell: ({ row }) =>
          row.original.closedAt ? (
            <time dateTime={row.original.closedAt} className="foyer-tabular">
              {formatAtDesk(row.original.closedAt, locale, row.original.timeZone)}
            </time>
          ) : (
            <Text size="sm" c="dimmed" component="span">
              {t('stillOpen')}
            </Text>
          ),
      },
      { id: 'status', header: t('columnStatus'), cell: ({ row }) => <ShiftBadges shift={row.original} /> },
      {
        id: 'sales',
        header: t('columnSales'),
        cell: ({ row }) => (
          <span className="foyer-tabular">
            {t('salesSummary', { count: row.original.salesCount, amount: money(row.original.salesTotalCents) })}
          </span>
        ),
      },
      {
        id: 'difference',
        header: t('columnDifference'),
        cell: ({ row }) =>
          row.original.differenceCents === null ? (
            '—'
          ) : (
            <Text
              component="span"
              size="sm"
              className="foyer-tabular"
              fw={row.original.differenceCents !== 0 ? 700 : undefined}
            >
              {money(row.original.differenceCents)}
            </Text>
          ),
      },
      {
        id: 'signedOff',
        header: t('columnSignedOff'),
        cell: ({ row }) =>
          row.original.signedOffBy ? (
            (row.original.signedOffBy.name ?? row.original.signedOffBy.email)
          ) : mayCheck(row.original) ? (
            <Button
              size="compact-sm"
              variant="default"
              onClick={(event) => {
                event.stopPropagation();
                setSigning(row.original);
              }}
              data-testid="list-sign-off"
            >
              {t('signOff')}
            </Button>
          ) : (
            '—'
          ),
      },
    ];
  }, [t, locale, reviewer, me]);

  return (
    <Stack gap="lg" maw={1400}>
      <Stack gap={4}>
        <Title order={1}>{t('listTitle')}</Title>
        <Text size="sm" c="dimmed" maw={760}>
          {reviewer ? t('listIntro') : t('listIntroSeller')}
        </Text>
      </Stack>
      {seller ? <ShiftBar /> : null}
      <DataTable
        label={t('listLabel')}
        columns={columns}
        data={query.data?.data}
        rowCount={query.data?.total}
        pageSize={PAGE_SIZE}
        query={query}
        onRetry={() => void query.refetch()}
        getRowId={(row) => String(row.id)}
        onRowClick={(row) => void navigate(`/shifts/${row.id}`)}
        emptyTitle={t('noShifts')}
        emptyText={filtered ? t('noShiftsHint') : t('noShiftsYet')}
        toolbar={
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              label={t('filterStatus')}
              placeholder={t('allStatuses')}
              data={SHIFT_STATUSES.map((status) => ({ value: status, label: t(`status:${status}`) }))}
              value={filter.status || null}
              onChange={(value) => setFilter('status', value ?? '')}
              clearable
              size="sm"
              w={160}
              data-testid="filter-status"
            />
            <Select
              label={t('filterDesk')}
              placeholder={t('allDesks')}
              data={(options.data?.desks ?? []).map((desk) => ({ value: String(desk.id), label: desk.name }))}
              value={filter.desk || null}
              onChange={(value) => setFilter('desk', value ?? '')}
              clearable
              searchable
              size="sm"
              w={180}
            />
            {reviewer ? (
              <Select
                label={t('filterSeller')}
                placeholder={t('allSellers')}
                data={(options.data?.sellers ?? []).flatMap((person) =>
                  person.accountId === null
                    ? []
                    : [{ value: String(person.accountId), label: person.name ?? person.email ?? '?' }],
                )}
                value={filter.seller || null}
                onChange={(value) => setFilter('seller', value ?? '')}
                clearable
                searchable
                size="sm"
                w={200}
              />
            ) : null}
            <DateRangeFields
              labels={{ from: t('filterFrom'), to: t('filterTo') }}
              from={filter.from}
              to={filter.to}
              onChange={setFilter}
              testIdPrefix="shifts-filter"
            />
            <Checkbox
              label={t('filterPastMidnight')}
              checked={filter.flag === 'past-midnight'}
              onChange={(event) => setFilter('flag', event.currentTarget.checked ? 'past-midnight' : '')}
              mb={6}
              data-testid="filter-past-midnight"
            />
            {filtered ? (
              <Button variant="subtle" size="sm" onClick={() => setSearch(new URLSearchParams())}>
                {t('clearFilters')}
              </Button>
            ) : null}
          </Group>
        }
      />
      {signing ? <SignOffDialog shift={signing} onClose={() => setSigning(null)} /> : null}
    </Stack>
  );
}

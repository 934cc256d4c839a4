import { Alert, Anchor, Badge, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Combobox.css';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AuditEntry } from '@/contract/audit';
import { AUDIT_ACTIONS } from '@/contract/audit';
import { READABLE_ALERT_TITLE } from '../../components/alert-styles';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { useTablePage } from '../../components/data-table/use-table-page';
import { DateRangeFields } from '../../components/date-range-fields';
import { IconDownload } from '../../components/icons/area-icons';
import { formatDateTime } from '../../lib/format';
import { useLocale, useLocalized, useMessages } from '../../lib/i18n';
import { roleLabel } from '../../lib/role-label';
import { useCustomerFieldName } from '../custom-fields/public';
import { type DetailWords, detailLines } from './audit-details';
import { auditMessages } from './audit-messages';
import { AUDIT_FILTER_KEYS, type AuditFilter, auditQueries, auditQuery } from './audit-queries';

/** What an entry's details say, in the reader's words (audit-details.ts): changes old → new, the rest as name: value. */
function Details({ details, words }: { details: AuditEntry['details']; words: DetailWords }) {
  const lines = detailLines(details, words);
  if (lines.length === 0) return null;
  return (
    // Long values (an address, a list of permissions) wrap inside the column instead of widening the table.
    <ul style={{ margin: 0, paddingLeft: 16, overflowWrap: 'anywhere' }}>
      {lines.map((line) => (
        <li key={line.key} data-testid={line.change ? 'audit-change' : undefined}>
          {line.text}
        </li>
      ))}
    </ul>
  );
}

/** The audit trail, newest first, 100 a page; every filter and the page live in the URL. */
export function AuditPage() {
  const t = useMessages(auditMessages);
  const { locale } = useLocale();
  const localized = useLocalized();
  const fieldName = useCustomerFieldName();
  const words = useMemo<DetailWords>(
    () => ({ localized, locale, empty: t('empty'), fieldName }),
    [localized, locale, t, fieldName],
  );
  const [search, setSearch] = useSearchParams();
  const [page] = useTablePage();
  const filter = Object.fromEntries(
    AUDIT_FILTER_KEYS.map((key) => [key, search.get(key) ?? '']),
  ) as unknown as AuditFilter;
  const query = useQuery(auditQueries.list(filter, page));
  const chain = useQuery(auditQueries.chain());
  const roleNames = query.data?.roleNames;
  const setFilter = (key: keyof AuditFilter, value: string) =>
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      if (value) next.set(key, value);
      else next.delete(key);
      next.delete('page');
      return next;
    });
  const filtered = AUDIT_FILTER_KEYS.some((key) => filter[key]);
  const csvHref = `/api/audit/export.csv?${new URLSearchParams(auditQuery(filter)).toString()}`;

  const columns = useMemo<DataTableColumn<AuditEntry>[]>(
    () => [
      {
        id: 'at',
        header: t('columnAt'),
        enableHiding: false,
        cell: ({ row }) => (
          <time dateTime={row.original.at} className="foyer-tabular">
            {formatDateTime(row.original.at, locale)}
          </time>
        ),
      },
      {
        id: 'person',
        header: t('columnPerson'),
        cell: ({ row }) => (
          <Stack gap={0}>
            <Text size="sm">{row.original.person ?? '—'}</Text>
            {row.original.role ? (
              <Text size="xs" c="dimmed">
                {/* A preset role in the reader's words ("Beheerder"), a custom one by its name. */}
                {roleLabel(
                  { key: row.original.role, name: roleNames?.[row.original.role] ?? row.original.role },
                  localized,
                )}
              </Text>
            ) : null}
          </Stack>
        ),
      },
      {
        id: 'action',
        header: t('columnAction'),
        cell: ({ row }) => {
          const key = `action:${row.original.action}` as Parameters<typeof t>[0];
          return (
            // Whole, never "STAFF CH…": at its content's width the table narrows the other columns instead.
            <Badge variant="light" color={row.original.action === 'sign-in-failed' ? 'red' : 'blue'} miw="max-content">
              {(AUDIT_ACTIONS as readonly string[]).includes(row.original.action) ? t(key) : row.original.action}
            </Badge>
          );
        },
      },
      {
        id: 'call',
        header: t('columnCall'),
        cell: ({ row }) =>
          row.original.path ? (
            <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {row.original.method} {row.original.path} → {row.original.status ?? '—'}
            </Text>
          ) : null,
      },
      {
        id: 'targets',
        header: t('columnTargets'),
        cell: ({ row }) => (
          <Stack gap={0}>
            {row.original.orderId !== null ? (
              <Anchor component={Link} to={`/orders/${row.original.orderId}`} size="sm">
                {t('order', { id: row.original.orderId })}
              </Anchor>
            ) : null}
            {row.original.customerId !== null ? (
              <Text size="sm">{t('customer', { id: row.original.customerId })}</Text>
            ) : null}
          </Stack>
        ),
      },
      {
        id: 'details',
        header: t('columnDetails'),
        cell: ({ row }) => <Details details={row.original.details} words={words} />,
      },
    ],
    [t, locale, localized, words, roleNames],
  );

  return (
    <Stack gap="lg" maw={1400}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>{t('title')}</Title>
          <Text size="sm" c="dimmed" maw={720}>
            {t('intro')}
          </Text>
        </Stack>
        <Button
          component="a"
          href={csvHref}
          download
          variant="light"
          size="sm"
          leftSection={<IconDownload size={16} />}
          data-testid="audit-csv"
        >
          {t('exportCsv')}
        </Button>
      </Group>
      <div data-testid="audit-chain" role="status">
        {chain.isPending ? (
          <Text size="sm">{t('chainChecking')}</Text>
        ) : chain.isError ? (
          <Alert color="orange" variant="light" styles={READABLE_ALERT_TITLE} title={t('chainFailed')} />
        ) : chain.data.ok ? (
          <Alert color="green" variant="light" styles={READABLE_ALERT_TITLE} title={t('chainOk')}>
            {t('chainOkText', { count: chain.data.entries })}
          </Alert>
        ) : (
          <Alert
            color="red"
            variant="light"
            styles={READABLE_ALERT_TITLE}
            title={t('chainBroken', { id: chain.data.brokenAt?.id ?? '?' })}
          >
            {chain.data.brokenAt?.reason}
          </Alert>
        )}
      </div>
      <DataTable
        label={t('label')}
        columns={columns}
        data={query.data?.data}
        rowCount={query.data?.total}
        query={query}
        onRetry={() => void query.refetch()}
        getRowId={(row) => String(row.id)}
        // The request as sent is for the technically minded: below a wide screen it makes way for the details
        // (it took 215 px and left the details 75, rows 455 px tall). Below a laptop's width each entry is a card: at
        // 820 px the navigation leaves the table a phone's width.
        hiddenBelowWide={['call']}
        stackOnPhone
        stackBelow="64em"
        emptyTitle={t('noEntries')}
        emptyText={t('noEntriesHint')}
        toolbar={
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label={t('filterPerson')}
              value={filter.person}
              onChange={(event) => setFilter('person', event.currentTarget.value)}
              size="sm"
              data-testid="audit-filter-person"
            />
            <Select
              label={t('filterAction')}
              placeholder={t('allActions')}
              data={AUDIT_ACTIONS.map((action) => ({ value: action, label: t(`action:${action}`) }))}
              value={filter.action || null}
              onChange={(value) => setFilter('action', value ?? '')}
              clearable
              size="sm"
            />
            <TextInput
              label={t('filterOrder')}
              inputMode="numeric"
              value={filter.order}
              onChange={(event) => setFilter('order', event.currentTarget.value.replace(/\D/g, ''))}
              size="sm"
              w={120}
            />
            <TextInput
              label={t('filterCustomer')}
              inputMode="numeric"
              value={filter.customer}
              onChange={(event) => setFilter('customer', event.currentTarget.value.replace(/\D/g, ''))}
              size="sm"
              w={120}
              data-testid="audit-filter-customer"
            />
            <DateRangeFields
              labels={{ from: t('filterFrom'), to: t('filterTo') }}
              from={filter.from}
              to={filter.to}
              onChange={setFilter}
              testIdPrefix="audit-filter"
            />
            {filtered ? (
              <Button variant="subtle" size="sm" onClick={() => setSearch(new URLSearchParams())}>
                {t('clearFilters')}
              </Button>
            ) : null}
          </Group>
        }
      />
    </Stack>
  );
}

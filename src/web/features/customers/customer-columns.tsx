import { Anchor, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { CustomerMatch } from '@/contract/customer-search';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { type Customer, customerName } from '../../lib/schemas/customer';
import { descendingFirst } from './customer-list-params';
import { OptinBadge, RowCheckbox, TagChips } from './customer-parts';
import { customersMessages } from './customers-messages';

interface CustomerColumnsOptions {
  /** The rows on the page; undefined while the first answer is awaited. */
  pageRows: readonly Customer[] | undefined;
  selected: ReadonlyMap<number, CustomerMatch>;
  toggle: (customer: CustomerMatch, on: boolean) => void;
  /** Whether rows can be selected (for the bulk tag change): without, no selection column. */
  mayTag: boolean;
  /** The page's customers merged away as a duplicate: number → the customer kept. */
  mergedInto: Readonly<Record<number, number>> | undefined;
}

/** The customer table's columns: a selection checkbox, then name, contact, tags, credit, opt-in and last change. */
export function useCustomerColumns({ pageRows, selected, toggle, mayTag, mergedInto }: CustomerColumnsOptions) {
  const t = useMessages(customersMessages);
  const { locale } = useLocale();
  const pageIds = (pageRows ?? []).map((customer) => customer.customerId);
  const pageAllSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const pageSomeSelected = pageIds.some((id) => selected.has(id));

  return useMemo<DataTableColumn<Customer>[]>(() => {
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
        // A real link, to open a customer in a new tab or with the middle button; the row opens it on a click
        // elsewhere, and with Enter: the row stays the one stop per customer for the keyboard.
        cell: ({ row }) => {
          const keptId = mergedInto?.[row.original.customerId];
          return (
            <>
              <Anchor
                component={Link}
                to={`/customers/${row.original.customerId}`}
                fw={600}
                tabIndex={-1}
                data-testid="customer-name"
              >
                {customerName(row.original) || '—'}
              </Anchor>
              {/* Still a customer at the service (which deletes none): the list says which record is kept. */}
              {keptId ? (
                <Text size="xs" className="foyer-warning-text" data-testid="customer-merged">
                  {t('mergedInto', { id: keptId })}
                </Text>
              ) : null}
            </>
          );
        },
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
  }, [t, locale, selected, pageRows, pageAllSelected, pageSomeSelected, toggle, mayTag, mergedInto]);
}

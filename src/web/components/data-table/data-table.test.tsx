import { keepPreviousData, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { SortingState } from '@tanstack/react-table';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { renderWithApp } from '../../testing/render';
import { DataTable, type DataTableColumn } from './data-table';
import { readPage, useTablePage } from './use-table-page';

interface Order {
  orderId: number;
  customer: string;
  amount: number;
}

const TOTAL = 250;
const PAGE_SIZE = 100;
const ALL: Order[] = Array.from({ length: TOTAL }, (_, i) => ({
  orderId: 1000 + i,
  customer: `Klant ${i + 1}`,
  amount: (i % 7) * 10,
}));

const columns: DataTableColumn<Order>[] = [
  { accessorKey: 'orderId', header: 'Order', enableHiding: false },
  { accessorKey: 'customer', header: 'Klant' },
  { accessorKey: 'amount', header: 'Bedrag', cell: (info) => `€ ${info.getValue<number>()}` },
];

const noState = { isPending: false, isError: false, error: null };

/** A list screen as a feature builds it: page from the URL, one query per page, previous page kept. */
function OrdersScreen({ fetchPage }: { fetchPage: (page: number) => Promise<{ data: Order[]; total: number }> }) {
  const [page] = useTablePage();
  const query = useQuery({
    queryKey: ['orders', 'list', { page }],
    queryFn: () => fetchPage(page),
    placeholderData: keepPreviousData,
    retry: false,
  });
  return (
    <DataTable
      label="Bestellingen"
      columns={columns}
      data={query.data?.data}
      rowCount={query.data?.total}
      pageSize={PAGE_SIZE}
      query={query}
      onRetry={() => void query.refetch()}
      getRowId={(row) => String(row.orderId)}
      emptyTitle="Geen bestellingen"
    />
  );
}

function renderScreen(fetchPage: (page: number) => Promise<{ data: Order[]; total: number }>, url = '/orders') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithApp(
    <QueryClientProvider client={client}>
      <OrdersScreen fetchPage={fetchPage} />
    </QueryClientProvider>,
    { url },
  );
}

const serverPage = async (page: number) => ({
  data: ALL.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
  total: TOTAL,
});

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('DataTable', () => {
  it('shows skeleton rows while the first page loads, then the rows with the range', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    renderScreen(async (page) => {
      await gate;
      return serverPage(page);
    });
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(8);
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    release();
    expect(await screen.findByText('Klant 1')).toBeInTheDocument();
    expect(screen.queryByTestId('skeleton-row')).not.toBeInTheDocument();
    expect(bodyRows()).toHaveLength(100);
    expect(screen.getByText('1–100 van 250')).toBeInTheDocument();
    expect(screen.getAllByText('€ 10').length).toBeGreaterThan(0);
  });

  it('keeps the page in the URL: the next page loads from the server and ?page=2 is set', async () => {
    const fetchPage = vi.fn(serverPage);
    const { router } = renderScreen(fetchPage);
    await screen.findByText('Klant 1');
    await userEvent.click(screen.getByRole('button', { name: 'Pagina 2 van 3' }));
    expect(await screen.findByText('Klant 101')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByText('101–200 van 250')).toBeInTheDocument();
    expect(fetchPage).toHaveBeenLastCalledWith(2);
  });

  it('from the pager under a long page, brings the first rows of the next page into view; not when they are in view', async () => {
    renderScreen(serverPage);
    await screen.findByText('Klant 1');
    const table = document.querySelector('.foyer-data-table') as HTMLElement;
    const scrolled = vi.fn();
    table.scrollIntoView = scrolled;
    // The table's top above the window: the person is at its bottom, by the pager.
    const rect = vi.spyOn(table, 'getBoundingClientRect').mockReturnValue({ top: -4_000 } as DOMRect);
    await userEvent.click(screen.getByRole('button', { name: 'Pagina 2 van 3' }));
    expect(scrolled).toHaveBeenCalledTimes(1);
    rect.mockReturnValue({ top: 120 } as DOMRect);
    await userEvent.click(screen.getByRole('button', { name: 'Pagina 3 van 3' }));
    expect(scrolled).toHaveBeenCalledTimes(1);
  });

  it('opens on the page the URL names', async () => {
    renderScreen(serverPage, '/orders?page=3&status=paid');
    expect(await screen.findByText('Klant 201')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(50);
    expect(screen.getByText('201–250 van 250')).toBeInTheDocument();
  });

  it('keeps the previous page visible (dimmed) while the next one loads, with no range that is not its own', async () => {
    let release: () => void = () => {};
    const fetchPage = vi.fn(async (page: number) => {
      if (page === 2) {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      }
      return serverPage(page);
    });
    renderScreen(fetchPage);
    await screen.findByText('Klant 1');
    await userEvent.click(screen.getByRole('button', { name: 'Pagina 2 van 3' }));
    await waitFor(() => expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByText('Klant 1')).toBeInTheDocument();
    // The rows shown are page 1's: the footer says the next is loading, not "101–200" over them.
    expect(screen.queryByText('101–200 van 250')).not.toBeInTheDocument();
    expect(screen.getByText('Bezig met laden…')).toBeInTheDocument();
    release();
    expect(await screen.findByText('Klant 101')).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByText('101–200 van 250')).toBeInTheDocument();
  });

  it('shows an empty state when there are no rows', async () => {
    renderScreen(async () => ({ data: [], total: 0 }));
    expect(await screen.findByText('Geen bestellingen')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers the last page when the URL points past the end', async () => {
    const { router } = renderScreen(
      async (page) => ({ data: page > 3 ? [] : ALL.slice(0, 100), total: TOTAL }),
      '/orders?page=9',
    );
    expect(await screen.findByText('Pagina 9 bestaat niet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Naar de laatste pagina' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
  });

  it('shows a failed load with its reason and retries on request', async () => {
    let fail = true;
    const fetchPage = vi.fn(async (page: number) => {
      if (fail) throw new ApiError({ kind: 'network', message: 'offline' });
      return serverPage(page);
    });
    renderScreen(fetchPage);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('De server is niet bereikbaar');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByText('Klant 1')).toBeInTheDocument();
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('hides and shows columns from the columns menu; a column that must stay cannot be hidden', async () => {
    renderScreen(serverPage);
    await screen.findByText('Klant 1');
    expect(screen.getByRole('columnheader', { name: 'Bedrag' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Kolommen' }));
    // jsdom never finishes Mantine's fade-in, so the open menu counts as hidden for role queries.
    const menu = await screen.findByRole('menu', { hidden: true });
    expect(within(menu).queryByText('Order')).not.toBeInTheDocument();
    const amountToggle = within(menu).getByText('Bedrag').closest('button') as HTMLElement;
    expect(amountToggle).toHaveAttribute('role', 'menuitem');
    expect(amountToggle).toHaveTextContent('Bedrag (zichtbaar)');
    await userEvent.click(amountToggle);
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'Bedrag' })).not.toBeInTheDocument());
    expect(screen.queryByText('€ 10')).not.toBeInTheDocument();
    expect(amountToggle).toHaveTextContent('Bedrag (verborgen)');
    await userEvent.click(amountToggle);
    expect(await screen.findByRole('columnheader', { name: 'Bedrag' })).toBeInTheDocument();
  });

  it('leaves the hiddenBelowWide columns to the columns menu below a wide screen (but the sorted one), and shows them on a wide one', () => {
    const table = (key: string, sortedBy?: string) => (
      <DataTable<Order>
        key={key}
        label="Bestellingen"
        columns={columns}
        data={ALL.slice(0, 2)}
        rowCount={2}
        query={noState}
        onRetry={() => {}}
        hiddenBelowWide={['amount']}
        emptyTitle="Geen bestellingen"
        sorting={sortedBy ? { state: [{ id: sortedBy, desc: true }], onChange: () => {} } : undefined}
      />
    );
    const width = window.innerWidth;
    try {
      window.innerWidth = 1280;
      const { unmount } = renderWithApp(table('narrow'));
      expect(screen.getByRole('columnheader', { name: 'Klant' })).toBeInTheDocument();
      expect(screen.queryByRole('columnheader', { name: 'Bedrag' })).not.toBeInTheDocument();
      unmount();
      // Sorted by it (a link with the sort in its URL), it stays: the order of the rows would not be seen.
      const sorted = renderWithApp(table('narrow, sorted', 'amount'));
      expect(screen.getByRole('columnheader', { name: /Bedrag/ })).toBeInTheDocument();
      sorted.unmount();
      window.innerWidth = 1600;
      renderWithApp(table('wide'));
      expect(screen.getByRole('columnheader', { name: 'Bedrag' })).toBeInTheDocument();
    } finally {
      window.innerWidth = width;
    }
  });

  it('renders static data and row clicks (also by keyboard) without a query', async () => {
    const onRowClick = vi.fn();
    renderWithApp(
      <DataTable
        label="Enkele bestellingen"
        columns={columns}
        data={ALL.slice(0, 3)}
        rowCount={3}
        query={noState}
        onRetry={() => {}}
        onRowClick={onRowClick}
        emptyTitle="Leeg"
      />,
    );
    await userEvent.click(screen.getByText('Klant 2'));
    expect(onRowClick).toHaveBeenCalledWith(ALL[1]);
    const row = screen.getByText('Klant 3').closest('tr');
    row?.focus();
    await userEvent.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(ALL[2]);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});

/** Sorted by the caller, as the customer list does: the table only reports the header clicks. */
function SortedScreen({
  columns,
  label,
  onSort,
}: {
  columns: DataTableColumn<Order>[];
  label: string;
  onSort: (state: SortingState) => void;
}) {
  const [sorting, setSorting] = useState<SortingState>([]);
  return (
    <DataTable
      label={label}
      columns={columns}
      data={ALL.slice(0, 3)}
      rowCount={3}
      query={noState}
      onRetry={() => {}}
      emptyTitle="Leeg"
      sorting={{
        state: sorting,
        onChange: (next) => {
          setSorting(next);
          onSort(next);
        },
      }}
    />
  );
}

describe('DataTable sorting', () => {
  const sortable: DataTableColumn<Order>[] = [
    { accessorKey: 'orderId', header: 'Order' },
    { accessorKey: 'customer', header: 'Klant', enableSorting: true },
    { accessorKey: 'amount', header: 'Bedrag', enableSorting: true, sortDescFirst: true },
  ];

  it('sorts by a click or a key on the headers that allow it, with aria-sort', async () => {
    const onSort = vi.fn();
    renderWithApp(<SortedScreen columns={sortable} label="Bestellingen" onSort={onSort} />);
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });
    // Only the columns that opt in are buttons; none is sorted yet.
    expect(within(header('Order')).queryByRole('button')).not.toBeInTheDocument();
    expect(header('Klant')).not.toHaveAttribute('aria-sort');

    await userEvent.click(within(header('Klant')).getByRole('button', { name: 'Klant' }));
    expect(onSort).toHaveBeenLastCalledWith([{ id: 'customer', desc: false }]);
    expect(header('Klant')).toHaveAttribute('aria-sort', 'ascending');

    await userEvent.click(within(header('Klant')).getByRole('button'));
    expect(header('Klant')).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(within(header('Klant')).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith([]);
    expect(header('Klant')).not.toHaveAttribute('aria-sort');

    // Amounts start high; Enter on the focused header button works like a click.
    within(header('Bedrag')).getByRole('button').focus();
    await userEvent.keyboard('{Enter}');
    expect(onSort).toHaveBeenLastCalledWith([{ id: 'amount', desc: true }]);
    expect(header('Bedrag')).toHaveAttribute('aria-sort', 'descending');
  });
});

describe('DataTable sorting of columns that render their own cell', () => {
  /**
   * Columns as the customer list defines them: an id and a cell of their own. TanStack Table sorts only
   * columns with an accessor; the header of one without it showed a button that did nothing.
   */
  const cellColumns: DataTableColumn<Order>[] = [
    {
      id: 'name',
      accessorFn: (order) => order.customer,
      header: 'Naam',
      enableSorting: true,
      cell: ({ row }) => <strong>{row.original.customer}</strong>,
    },
    {
      id: 'credit',
      accessorFn: (order) => order.amount,
      header: 'Tegoed',
      enableSorting: true,
      sortDescFirst: true,
      cell: ({ row }) => `€ ${row.original.amount}`,
    },
    // Opted in but without an accessor: it cannot sort, so it gets no button.
    { id: 'broken', header: 'Zonder', enableSorting: true, cell: ({ row }) => row.original.orderId },
  ];

  it('sorts an id + cell column with an accessor by click and Enter, and offers no button where it cannot', async () => {
    const onSort = vi.fn();
    renderWithApp(<SortedScreen columns={cellColumns} label="Klanten" onSort={onSort} />);
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });

    await userEvent.click(within(header('Naam')).getByRole('button', { name: 'Naam' }));
    expect(onSort).toHaveBeenLastCalledWith([{ id: 'name', desc: false }]);
    expect(header('Naam')).toHaveAttribute('aria-sort', 'ascending');

    within(header('Tegoed')).getByRole('button').focus();
    await userEvent.keyboard('{Enter}');
    expect(onSort).toHaveBeenLastCalledWith([{ id: 'credit', desc: true }]);
    expect(header('Tegoed')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Naam')).not.toHaveAttribute('aria-sort');

    expect(within(header('Zonder')).queryByRole('button')).not.toBeInTheDocument();
    expect(onSort).toHaveBeenCalledTimes(2);
  });
});

describe('readPage', () => {
  it('reads only positive whole numbers', () => {
    expect(readPage('4')).toBe(4);
    for (const bad of [null, '', '0', '-2', '2.5', 'abc', '1e3', '99999999999999999999']) expect(readPage(bad)).toBe(1);
  });

  it('a link in a row opens its own page: the row’s click does not open it again', async () => {
    const onRowClick = vi.fn();
    const linked: DataTableColumn<Order>[] = [
      {
        id: 'customer',
        header: 'Klant',
        cell: ({ row }) => <Link to={`/orders/${row.original.orderId}`}>{row.original.customer}</Link>,
      },
      { accessorKey: 'amount', header: 'Bedrag' },
    ];
    const { router } = renderWithApp(
      <DataTable
        label="Bestellingen met links"
        columns={linked}
        data={ALL.slice(0, 3)}
        rowCount={3}
        query={noState}
        onRetry={() => {}}
        onRowClick={onRowClick}
        emptyTitle="Leeg"
      />,
      { url: '/orders' },
    );
    const link = screen.getByRole('link', { name: 'Klant 2' });
    expect(link).toHaveAttribute('href', '/orders/1001');
    await userEvent.click(link);
    expect(router.state.location.pathname).toBe('/orders/1001');
    expect(onRowClick).not.toHaveBeenCalled();
    // Elsewhere in the row, the row's own click.
    await userEvent.click(screen.getByText('20'));
    expect(onRowClick).toHaveBeenCalledWith(ALL[2]);
  });
});

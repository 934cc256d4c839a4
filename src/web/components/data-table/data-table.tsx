import { Alert, Box, Button, Group, Pagination, Paper, Skeleton, Table, Text, UnstyledButton } from '@mantine/core';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ThemeIcon.css';
import { useMediaQuery } from '@mantine/hooks';
import {
  type ColumnDef,
  type ColumnVisibilityState,
  columnVisibilityFeature,
  flexRender,
  type PaginationState,
  type RowData,
  rowPaginationFeature,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import {
  type KeyboardEvent,
  lazy,
  type MouseEvent,
  memo,
  type ReactNode,
  Suspense,
  useMemo,
  useRef,
  useState,
} from 'react';
import { appMessages } from '../../lib/app-messages';
import { formatNumber } from '../../lib/format';
import { defineMessages, useLocale, useMessages } from '../../lib/i18n';
import { describeError } from '../error-message';
import { IconRefresh } from '../icons/status-icons';
import { IconColumns, IconSort } from '../icons/table-icons';
import { EmptyState, ErrorState } from '../page-states';
import { useTablePage } from './use-table-page';

const ColumnsMenu = lazy(() => import('./columns-menu'));

/** The features every DataTable has: server pagination, column visibility, sorting done by the caller. */
export const dataTableFeatures = tableFeatures({ rowPaginationFeature, columnVisibilityFeature, rowSortingFeature });
export type DataTableFeatures = typeof dataTableFeatures;
export type DataTableColumn<Row extends RowData> = ColumnDef<DataTableFeatures, Row>;

const messages = defineMessages(
  {
    columns: 'Kolommen',
    showColumns: 'Kolommen tonen',
    columnShown: 'zichtbaar',
    columnHidden: 'verborgen',
    range: '{from}–{to} van {total}',
    pageOf: 'Pagina {page} van {pages}',
    pagination: 'Paginering',
    pastTheEnd: 'Pagina {page} bestaat niet',
    pastTheEndHint: 'Deze lijst heeft {pages} pagina’s.',
    toLastPage: 'Naar de laatste pagina',
    firstPage: 'Eerste pagina',
    previousPage: 'Vorige pagina',
    nextPage: 'Volgende pagina',
    lastPage: 'Laatste pagina',
    refreshFailed: 'Verversen mislukt: {message}',
    loading: 'Bezig met laden…',
  },
  {
    columns: 'Columns',
    showColumns: 'Show columns',
    columnShown: 'shown',
    columnHidden: 'hidden',
    range: '{from}–{to} of {total}',
    pageOf: 'Page {page} of {pages}',
    pagination: 'Pagination',
    pastTheEnd: 'Page {page} does not exist',
    pastTheEndHint: 'This list has {pages} pages.',
    toLastPage: 'Go to the last page',
    firstPage: 'First page',
    previousPage: 'Previous page',
    nextPage: 'Next page',
    lastPage: 'Last page',
    refreshFailed: 'Refreshing failed: {message}',
    loading: 'Loading…',
  },
);

export interface DataTableQueryState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  /** Fetching another page while the previous one is shown (`placeholderData: keepPreviousData`). */
  isFetching?: boolean;
  isPlaceholderData?: boolean;
}

export interface DataTableProps<Row extends RowData> {
  /** The table's accessible name (a caption for screen readers). */
  label: string;
  columns: DataTableColumn<Row>[];
  /** The rows of the current page; undefined while the first page loads. */
  data: Row[] | undefined;
  /** All rows on the server (`total` of the envelope): drives the page count. */
  rowCount: number | undefined;
  pageSize?: number;
  query: DataTableQueryState;
  onRetry: () => void;
  getRowId?: (row: Row, index: number) => string;
  /** A row opens something (a detail page): clickable, and Enter on a focused row does the same. */
  onRowClick?: (row: Row) => void;
  emptyTitle: string;
  emptyText?: ReactNode;
  /** URL search parameter of the page (default `page`); two tables on one screen need different names. */
  pageParam?: string;
  initialColumnVisibility?: ColumnVisibilityState;
  /**
   * Columns hidden at first below a wide screen (WIDE_SCREEN_PX), for the ones after them to be on screen; the
   * columns menu shows them again, and the one the rows are sorted by stays. At 1280 px the orders' "Verkocht
   * door" was past the right edge.
   */
  hiddenBelowWide?: readonly string[];
  /** Controls shown left of the columns menu (filters, actions). */
  toolbar?: ReactNode;
  /**
   * Sorting by the column headers (columns opt in with `enableSorting: true` and need an accessor, `accessorKey`
   * or `accessorFn`; `sortDescFirst` for those that start high): a click or Enter cycles first way, other way,
   * unsorted. The caller sorts the rows.
   */
  sorting?: { state: SortingState; onChange: (next: SortingState) => void };
  /**
   * On a phone (up to 48em) each row becomes a card of label–value lines instead of a table scrolled sideways:
   * for short tables whose cells hold controls (a role picker, buttons) that must stay in reach.
   */
  stackOnPhone?: boolean;
  /**
   * The window width below which `stackOnPhone` stacks (default 48em): a table of many wide columns beside the
   * navigation stacks on a tablet too, where its content area is a phone's width.
   */
  stackBelow?: `${number}em`;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** Below this window width the `hiddenBelowWide` columns make way. */
const WIDE_SCREEN_PX = 1500;

/** The columns shown at first: `hiddenBelowWide` hidden below a wide screen, but the one the rows are sorted by. */
function initialVisibility(
  given: ColumnVisibilityState,
  hiddenBelowWide: readonly string[],
  sortedBy: string | undefined,
): ColumnVisibilityState {
  const wide = typeof window === 'undefined' || window.innerWidth >= WIDE_SCREEN_PX;
  if (wide || hiddenBelowWide.length === 0) return given;
  const hidden = hiddenBelowWide.filter((id) => id !== sortedBy);
  return { ...given, ...Object.fromEntries(hidden.map((id) => [id, false])) };
}

const SKELETON_ROWS = 8;

/**
 * A column's cell or header: a render function is called here, inside this one component, where TanStack's
 * FlexRender makes it a component type of its own. Pages build their columns on each render (new arrow
 * functions), so every render was a new type and remounted every cell: a button in a row was another element
 * after any change of the page, and a dialog it opened could not give the focus back to it ("Naam wijzigen" on
 * the staff page). Hooks in a render function stay the hooks of this component, in the same order.
 */
function Rendered<Context extends object>({ content, context }: { content: unknown; context: Context }) {
  if (typeof content === 'function' && !content.prototype?.isReactComponent) {
    return (content as (context: Context) => ReactNode)(context);
  }
  return flexRender(content as Parameters<typeof flexRender>[0], context);
}

function columnLabel(header: unknown, id: string): string {
  return typeof header === 'string' ? header : id;
}

/**
 * The app's table for server-paginated listings (spec 2.14: 100 per page): the page is in the URL, the
 * previous page stays visible while the next loads, columns can be hidden, and loading, empty and
 * failed states are explicit, with retry.
 */
function DataTableView<Row extends RowData>({
  label,
  columns,
  data,
  rowCount,
  pageSize = 100,
  query,
  onRetry,
  getRowId,
  onRowClick,
  emptyTitle,
  emptyText,
  pageParam = 'page',
  initialColumnVisibility = {},
  hiddenBelowWide = [],
  toolbar,
  stackOnPhone = false,
  stackBelow = '48em',
  sorting,
}: DataTableProps<Row>) {
  const t = useMessages(messages);
  const tApp = useMessages(appMessages);
  const { locale } = useLocale();
  const [page, setPage] = useTablePage(pageParam);
  const topRef = useRef<HTMLDivElement>(null);
  const [columnVisibility, setColumnVisibility] = useState<ColumnVisibilityState>(() =>
    initialVisibility(initialColumnVisibility, hiddenBelowWide, sorting?.state[0]?.id),
  );
  const pagination = useMemo<PaginationState>(() => ({ pageIndex: page - 1, pageSize }), [page, pageSize]);
  const rows = data ?? [];

  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: rows,
    getRowId,
    manualPagination: true,
    rowCount: rowCount ?? 0,
    manualSorting: true,
    enableMultiSort: false,
    state: { pagination, columnVisibility, sorting: sorting?.state ?? [] },
    onSortingChange: (updater: Updater<SortingState>) =>
      sorting?.onChange(typeof updater === 'function' ? updater(sorting.state) : updater),
    onPaginationChange: (updater: Updater<PaginationState>) => {
      const next = typeof updater === 'function' ? updater(pagination) : updater;
      setPage(next.pageIndex + 1);
    },
    onColumnVisibilityChange: (updater: Updater<ColumnVisibilityState>) =>
      setColumnVisibility((current) => (typeof updater === 'function' ? updater(current) : updater)),
  });

  const pageCount = rowCount === undefined ? undefined : Math.max(1, Math.ceil(rowCount / pageSize));
  const visibleColumns = table.getVisibleLeafColumns();
  const firstLoad = data === undefined && query.isPending;
  const failedWithoutData = data === undefined && query.isError;
  const pastTheEnd = pageCount !== undefined && page > pageCount && rowCount !== undefined && rowCount > 0;
  const refreshing = Boolean(query.isFetching && query.isPlaceholderData);

  // The menu loads on first use; until then a plain button of the same look stands in for it.
  const [columnsMenuWanted, setColumnsMenuWanted] = useState(false);
  const columnsButton = (onClick: (() => void) | undefined) => (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconColumns size={16} />}
      className="foyer-touch-target"
      onClick={onClick}
      aria-haspopup="menu"
      aria-expanded={false}
      data-testid="columns-button"
    >
      {t('columns')}
    </Button>
  );

  // A link in a row opens its own page (in this tab, or a new one with Ctrl, Shift or the middle button): the
  // row's click would open it a second time, or here as well.
  const onRowClickEvent = (event: MouseEvent<HTMLTableRowElement>, row: Row) => {
    if (onRowClick && !(event.target instanceof Element && event.target.closest('a[href]'))) onRowClick(row);
  };
  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, row: Row) => {
    // Enter on a link in the row is the link's.
    if (event.target instanceof Element && event.target.closest('a[href]')) return;
    if (onRowClick && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      onRowClick(row);
    }
  };

  let body: ReactNode;
  if (failedWithoutData) {
    body = (
      <Box p="md">
        <ErrorState error={query.error} onRetry={onRetry} />
      </Box>
    );
  } else if (!firstLoad && rows.length === 0) {
    body = pastTheEnd ? (
      <EmptyState
        title={t('pastTheEnd', { page })}
        action={
          <Button variant="light" onClick={() => setPage(pageCount ?? 1)}>
            {t('toLastPage')}
          </Button>
        }
      >
        {t('pastTheEndHint', { pages: pageCount ?? 1 })}
      </EmptyState>
    ) : (
      <EmptyState title={emptyTitle}>{emptyText}</EmptyState>
    );
  }

  const phone = useMediaQuery(`(max-width: ${stackBelow})`, false, { getInitialValueInEffect: false });
  const stacked = stackOnPhone && phone;
  const from = rows.length === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = rows.length === 0 ? 0 : from + rows.length - 1;

  return (
    <Paper withBorder radius="md" className="foyer-data-table" ref={topRef}>
      <Group justify="space-between" p="sm" gap="sm" wrap="wrap">
        <Group gap="sm">{toolbar}</Group>
        {columnsMenuWanted ? (
          <Suspense fallback={columnsButton(undefined)}>
            <ColumnsMenu
              columns={table
                .getAllLeafColumns()
                .filter((column) => column.getCanHide())
                .map((column) => ({
                  id: column.id,
                  label: columnLabel(column.columnDef.header, column.id),
                  visible: column.getIsVisible(),
                  toggle: () => column.toggleVisibility(),
                }))}
              texts={{
                columns: t('columns'),
                showColumns: t('showColumns'),
                shown: t('columnShown'),
                hidden: t('columnHidden'),
              }}
            />
          </Suspense>
        ) : (
          columnsButton(() => setColumnsMenuWanted(true))
        )}
      </Group>

      {query.isError && data !== undefined ? (
        <Alert color="orange" variant="light" mx="sm" mb="sm" role="alert">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('refreshFailed', { message: describeError(query.error, tApp) })}</Text>
            <Button size="xs" variant="subtle" leftSection={<IconRefresh size={14} />} onClick={onRetry}>
              {tApp('errorRetry')}
            </Button>
          </Group>
        </Alert>
      ) : null}

      {body ?? (
        // Native scrolling: the ScrollArea's thumb measured the table at every redraw (a forced layout of
        // 100 rows at each search keystroke).
        <Table.ScrollContainer minWidth={stacked ? 0 : 600} type="native" className="foyer-table-scroll">
          <Table
            className={stacked ? 'foyer-table-stacked' : undefined}
            data-stacked={stacked || undefined}
            highlightOnHover={Boolean(onRowClick)}
            verticalSpacing="xs"
            aria-busy={firstLoad || refreshing}
            style={{ opacity: refreshing ? 0.6 : 1, transition: 'opacity 120ms' }}
          >
            <Table.Caption className="foyer-visually-hidden">{label}</Table.Caption>
            <Table.Thead>
              {table.getHeaderGroups().map((headerGroup) => (
                <Table.Tr key={headerGroup.id}>
                  {headerGroup.headers.map((header) => {
                    // Opt-in (accessor columns sort by default in TanStack Table), and only where TanStack agrees:
                    // a column without an accessor cannot sort, and a button on it would do nothing.
                    const sortable =
                      Boolean(sorting) && header.column.columnDef.enableSorting === true && header.column.getCanSort();
                    const sorted = sortable ? header.column.getIsSorted() : false;
                    return (
                      <Table.Th key={header.id} scope="col" aria-sort={sorted ? ARIA_SORT[sorted] : undefined}>
                        {header.isPlaceholder ? null : sortable ? (
                          <UnstyledButton
                            className="foyer-sort-button"
                            onClick={header.column.getToggleSortingHandler()}
                            data-testid={`sort-${header.column.id}`}
                          >
                            <Rendered content={header.column.columnDef.header} context={header.getContext()} />
                            <IconSort size={14} direction={sorted || undefined} />
                          </UnstyledButton>
                        ) : (
                          <Rendered content={header.column.columnDef.header} context={header.getContext()} />
                        )}
                      </Table.Th>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Thead>
            <Table.Tbody>
              {firstLoad
                ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                    <Table.Tr key={index} data-testid="skeleton-row" aria-hidden="true">
                      {visibleColumns.map((column) => (
                        <Table.Td key={column.id}>
                          <Skeleton h={14} my={3} w={`${50 + ((index * 17 + column.id.length * 7) % 45)}%`} />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))
                : table.getRowModel().rows.map((row) => (
                    <Table.Tr
                      key={row.id}
                      onClick={onRowClick ? (event) => onRowClickEvent(event, row.original) : undefined}
                      onKeyDown={onRowClick ? (event) => onRowKeyDown(event, row.original) : undefined}
                      tabIndex={onRowClick ? 0 : undefined}
                      style={onRowClick ? { cursor: 'pointer' } : undefined}
                    >
                      {row.getVisibleCells().map((cell) => (
                        <Table.Td
                          key={cell.id}
                          data-label={stacked ? columnLabel(cell.column.columnDef.header, cell.column.id) : undefined}
                        >
                          <Rendered content={cell.column.columnDef.cell} context={cell.getContext()} />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Group justify="space-between" p="sm" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" className="foyer-tabular" aria-live="polite">
          {/* While another page loads, the rows shown are the previous answer's: no range that is not theirs. */}
          {firstLoad || refreshing
            ? t('loading')
            : rowCount !== undefined && rows.length > 0 && !query.isPlaceholderData
              ? t('range', {
                  from: formatNumber(from, locale),
                  to: formatNumber(to, locale),
                  total: formatNumber(rowCount, locale),
                })
              : ''}
        </Text>
        {pageCount !== undefined && pageCount > 1 ? (
          <Pagination
            total={pageCount}
            value={Math.min(page, pageCount)}
            onChange={(next) => {
              table.setPageIndex(next - 1);
              // From the pager under a long page, the next page starts at its first rows (a walkthrough landed on
              // page 3's last ones).
              if ((topRef.current?.getBoundingClientRect().top ?? 0) < 0) topRef.current?.scrollIntoView();
            }}
            size="sm"
            siblings={1}
            boundaries={1}
            aria-label={t('pagination')}
            getItemProps={(item) => ({ 'aria-label': t('pageOf', { page: item, pages: pageCount }) })}
            getControlProps={(control) => ({
              'aria-label': t(
                control === 'first'
                  ? 'firstPage'
                  : control === 'previous'
                    ? 'previousPage'
                    : control === 'next'
                      ? 'nextPage'
                      : 'lastPage',
              ),
            })}
          />
        ) : null}
      </Group>
    </Paper>
  );
}

/**
 * Memoised: a screen that re-renders for other reasons (a search box being typed in) does not redraw its
 * 100 rows unless the table's own props changed. Pass stable callbacks and objects to benefit.
 */
export const DataTable = memo(DataTableView) as typeof DataTableView;

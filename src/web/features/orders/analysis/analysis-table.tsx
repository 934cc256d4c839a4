import { Group, Pagination, Text } from '@mantine/core';
import '@mantine/core/styles/Pagination.css';
import { memo, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import type { ReportRow } from '@/contract/reports';
import { formatDateTime, formatMoney, formatNumber, type Locale } from '@/web/lib/format';
import { useLocale, useLocalized, useMessages } from '@/web/lib/i18n';
import { useChannelLabel } from '../order-parts';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../order-status';
import { ordersMessages } from '../orders-messages';
import { analysisMessages } from './analysis-messages';
import { useRowWindow } from './use-row-window';

const ROW_HEIGHT = 36;
const VIEWPORT_HEIGHT = 560;
/** Rows drawn beyond those in view on either side: a flick of the wheel finds them there already. */
const OVERSCAN = 8;

/** What a row needs to show its order in the reader's language; one object for all rows. */
interface RowText {
  locale: Locale;
  anonymous: string;
  customerNumber: (id: number) => string;
  status: (value: string) => string;
  payment: (value: string) => string;
  channel: (value: string) => string;
}

/**
 * One page of the filtered orders (the gateway sorts and pages them), in a scroll box whose header stays
 * in view, and the pages below it. Only the rows in view are drawn (about 15 of the page's 100, plus
 * OVERSCAN): every filter, sort or page change draws its rows anew, and drawing the hundred took a third of
 * the time from the change to its paint (bench:web orders). Spacer rows keep the scroll height, a row
 * never seen keeps the columns' widths (SizerRow), and aria-rowcount and aria-rowindex tell assistive
 * technology where a row sits in the page.
 */
export function AnalysisTable({
  rows,
  caption,
  page,
  pages,
  onPage,
}: {
  rows: readonly ReportRow[];
  caption: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const t = useMessages(analysisMessages);
  const ts = useMessages(ordersMessages);
  const { locale } = useLocale();
  const localized = useLocalized();
  const channel = useChannelLabel();
  const text = useMemo<RowText>(
    () => ({
      locale,
      anonymous: ts('anonymous'),
      customerNumber: (id) => ts('customerNumber', { id }),
      status: (value) => {
        const info = ORDER_STATUSES[value];
        return info ? localized(info.label) : value;
      },
      payment: (value) => {
        const info = PAYMENT_STATUSES[value];
        return info ? localized(info.label) : value;
      },
      channel,
    }),
    [locale, ts, localized, channel],
  );
  const columns = [
    ts('columnId'),
    ts('columnDate'),
    ts('columnCustomer'),
    ts('columnStatus'),
    ts('columnPayment'),
    ts('columnChannel'),
    ts('columnMethod'),
    ts('columnAmount'),
    ts('columnFee'),
    ts('columnDonation'),
    ts('columnSeats'),
  ];
  const numeric = new Set([7, 8, 9, 10]);
  const scrollRef = useRef<HTMLElement>(null);
  const { start, end } = useRowWindow(scrollRef, { count: rows.length, rowHeight: ROW_HEIGHT, overscan: OVERSCAN });
  const spaceAbove = start * ROW_HEIGHT;
  const spaceBelow = (rows.length - end) * ROW_HEIGHT;
  // The rows' texts, worked out once per answer: the rows drawn and the sizer row read the same ones.
  const orders = useMemo(() => rows.map((order) => ({ order, cells: cellTexts(order, text) })), [rows, text]);
  const widest = useMemo(() => widestTexts(orders.map(({ cells }) => cells)), [orders]);

  return (
    <>
      <section
        ref={scrollRef}
        className="foyer-analysis-scroll"
        style={{ height: Math.min(VIEWPORT_HEIGHT, ROW_HEIGHT * (rows.length + 1) + 2) }}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        aria-label={caption}
        data-testid="analysis-rows"
      >
        <table className="foyer-analysis-table" aria-rowcount={rows.length + 1} data-testid="analysis-table">
          <caption className="foyer-visually-hidden">{caption}</caption>
          <thead>
            <tr aria-rowindex={1}>
              {columns.map((label, index) => (
                <th key={label} scope="col" style={numeric.has(index) ? { textAlign: 'right' } : undefined}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {widest ? <SizerRow cells={widest} /> : null}
            {spaceAbove > 0 ? <SpacerRow height={spaceAbove} columns={columns.length} /> : null}
            {orders.slice(start, end).map(({ order, cells }, offset) => (
              <AnalysisRow key={order.orderId} order={order} cells={cells} rowIndex={start + offset + 2} text={text} />
            ))}
            {spaceBelow > 0 ? <SpacerRow height={spaceBelow} columns={columns.length} /> : null}
          </tbody>
        </table>
      </section>
      {pages > 1 ? (
        <Group justify="space-between" mt="sm" gap="sm">
          <Text size="sm" c="dimmed" className="foyer-tabular">
            {t('pageOf', { page: formatNumber(page, locale), pages: formatNumber(pages, locale) })}
          </Text>
          <Pagination
            total={pages}
            value={page}
            onChange={onPage}
            size="sm"
            siblings={1}
            aria-label={t('pagination')}
            getItemProps={(item) => ({ 'aria-label': t('pageOf', { page: item, pages }) })}
            getControlProps={(control) => ({
              'aria-label': t(control === 'previous' ? 'previousPage' : 'nextPage'),
            })}
            data-testid="analysis-pages"
          />
        </Group>
      ) : null}
    </>
  );
}

/** The room of the rows not drawn, so that the scroll box has the page's height; not a row of the data. */
function SpacerRow({ height, columns }: { height: number; columns: number }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer row holds nothing focusable
    <tr aria-hidden="true">
      <td colSpan={columns} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}

/** The texts of an order's cells but the customer's, which takes the room the others leave. */
function cellTexts(order: ReportRow, text: RowText) {
  const { locale } = text;
  return {
    id: String(order.orderId),
    date: formatDateTime(order.orderDate, locale),
    status: text.status(order.status),
    payment: text.payment(order.payment),
    channel: text.channel(order.channel),
    method: order.method,
    amount: formatMoney(order.amountCents / 100, locale),
    fee: formatMoney(order.feeCents / 100, locale),
    donation: formatMoney(order.donationCents / 100, locale),
    seats: formatNumber(order.tickets, locale),
  };
}
type CellTexts = ReturnType<typeof cellTexts>;
type CellKey = keyof CellTexts;
type WidestTexts = Record<CellKey, string[]>;

/**
 * Each column's candidates for its widest text among the page's orders: its distinct texts of the greatest
 * length, or one character less (in a proportional font "Reservering" may be narrower than "Geannuleerd").
 * Null for no orders.
 */
function widestTexts(texts: readonly CellTexts[]): WidestTexts | null {
  const first = texts[0];
  if (!first) return null;
  const widest = {} as WidestTexts;
  for (const key of Object.keys(first) as CellKey[]) {
    const longest = Math.max(...texts.map((cells) => cells[key].length));
    widest[key] = [...new Set(texts.map((cells) => cells[key]).filter((value) => value.length >= longest - 1))];
  }
  return widest;
}

/** Texts one below the other in a cell of the sizer row: the cell is as wide as the widest. */
function Lines({ texts }: { texts: string[] }) {
  return texts.map((line, index) => (
    <span key={line}>
      {index > 0 ? <br /> : null}
      {line}
    </span>
  ));
}

/**
 * A row never seen (visibility: collapse takes its room away, not its part in the columns' widths) with each
 * column's widest texts of the page: the columns are as wide as the whole page needs, not as the rows drawn
 * need, so they do not shift as it scrolls.
 */
function SizerRow({ cells }: { cells: WidestTexts }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: the sizer row holds nothing focusable
    <tr aria-hidden="true" className="foyer-analysis-sizer">
      {SIZED_COLUMNS.map(({ key, className }) => (
        <td key={key ?? 'customer'} className={className}>
          {key ? <Lines texts={cells[key]} /> : null}
        </td>
      ))}
    </tr>
  );
}

/** The sizer row's cells, in the table's order, with the classes that set their font as the rows' cells do. */
const SIZED_COLUMNS: ReadonlyArray<{ key: CellKey | null; className?: string }> = [
  { key: 'id', className: 'foyer-analysis-link' },
  { key: 'date', className: 'foyer-tabular' },
  // The customer's name takes the room the others leave.
  { key: null, className: 'foyer-analysis-customer' },
  { key: 'status' },
  { key: 'payment' },
  { key: 'channel' },
  { key: 'method' },
  { key: 'amount', className: 'foyer-tabular foyer-analysis-number' },
  { key: 'fee', className: 'foyer-tabular foyer-analysis-number' },
  { key: 'donation', className: 'foyer-tabular foyer-analysis-number' },
  { key: 'seats', className: 'foyer-tabular foyer-analysis-number' },
];

/** One order. Plain elements: a new page or sort redraws the rows, and a row of eleven cells should cost little. */
const AnalysisRow = memo(function AnalysisRow({
  order,
  cells,
  rowIndex,
  text,
}: {
  order: ReportRow;
  /** Its cells' texts (cellTexts). */
  cells: CellTexts;
  /** Its place in the table, the header being 1 (aria-rowindex). */
  rowIndex: number;
  text: RowText;
}) {
  return (
    <tr aria-rowindex={rowIndex} data-testid="analysis-row" style={{ height: ROW_HEIGHT }}>
      <td>
        <Link to={`/orders/${order.orderId}`} className="foyer-analysis-link">
          {cells.id}
        </Link>
      </td>
      <td className="foyer-tabular">
        <time dateTime={order.orderDate}>{cells.date}</time>
      </td>
      {order.customerId === null ? (
        <td className="foyer-analysis-customer">
          <span className="foyer-analysis-dimmed">{text.anonymous}</span>
        </td>
      ) : (
        <CustomerCell name={order.customerName || order.email || text.customerNumber(order.customerId)} />
      )}
      <td>{cells.status}</td>
      <td>{cells.payment}</td>
      <td>{cells.channel}</td>
      <td>{cells.method}</td>
      <td className="foyer-tabular foyer-analysis-number">{cells.amount}</td>
      <td className="foyer-tabular foyer-analysis-number">{cells.fee}</td>
      <td className="foyer-tabular foyer-analysis-number">{cells.donation}</td>
      <td className="foyer-tabular foyer-analysis-number">{cells.seats}</td>
    </tr>
  );
});

/** The customer's name, cut to the column's room; whole in its title. */
function CustomerCell({ name }: { name: string }) {
  return (
    <td className="foyer-analysis-customer" title={name}>
      {name}
    </td>
  );
}

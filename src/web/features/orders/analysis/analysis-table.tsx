import { memo, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { formatDateTime, formatMoney, formatNumber, type Locale } from '../../../lib/format';
import { useLocale, useLocalized, useMessages } from '../../../lib/i18n';
import { useChannelLabel } from '../order-parts';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../order-status';
import { ordersMessages } from '../orders-messages';
import type { OrderRows } from './analysis-index';
import type { AnalysisOrder } from './analysis-model';
import { useRowWindow } from './use-row-window';

const ROW_HEIGHT = 36;
const VIEWPORT_HEIGHT = 560;

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
 * The filtered orders (`rows`, in their sort order) as a table that renders only the rows in view (plus a
 * few), so 50,000 rows scroll as smoothly as 50. Spacer rows keep the scroll height; aria-rowcount and
 * aria-rowindex tell assistive technology where a row sits in the whole set.
 */
export function AnalysisTable({ rows, caption }: { rows: OrderRows; caption: string }) {
  const count = rows.positions.length;
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
  const scrollRef = useRef<HTMLElement>(null);
  const { start, end } = useRowWindow(scrollRef, { count, rowHeight: ROW_HEIGHT, overscan: 10 });
  const paddingTop = start * ROW_HEIGHT;
  const paddingBottom = (count - end) * ROW_HEIGHT;
  const shown: number[] = [];
  for (let index = start; index < end; index++) shown.push(index);
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

  return (
    <section
      ref={scrollRef}
      className="foyer-analysis-scroll"
      style={{ height: Math.min(VIEWPORT_HEIGHT, ROW_HEIGHT * (count + 1) + 2) }}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      aria-label={caption}
      data-testid="analysis-rows"
    >
      <table className="foyer-analysis-table" aria-rowcount={count + 1}>
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
          {paddingTop > 0 ? (
            // Spacers that give the scroll box its full height; not rows of the data.
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer row holds nothing focusable
            <tr aria-hidden="true">
              <td colSpan={columns.length} style={{ height: paddingTop, padding: 0, border: 0 }} />
            </tr>
          ) : null}
          {shown.map((index) => {
            const order = rows.orders[rows.positions[index] ?? -1];
            // Keyed by place, not by order: a new sort or filter fills the same rows with other orders
            // instead of taking all of them out of the page and building new ones.
            return order ? <AnalysisRow key={index} order={order} rowIndex={index} text={text} /> : null;
          })}
          {paddingBottom > 0 ? (
            // Spacers that give the scroll box its full height; not rows of the data.
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer row holds nothing focusable
            <tr aria-hidden="true">
              <td colSpan={columns.length} style={{ height: paddingBottom, padding: 0, border: 0 }} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </section>
  );
}

/**
 * One order. Plain elements (no Mantine components): a change of sort or filter redraws every row in view,
 * and a row of eleven cells should cost little. Memoised: scrolling redraws only the rows that come in.
 */
const AnalysisRow = memo(function AnalysisRow({
  order,
  rowIndex,
  text,
}: {
  order: AnalysisOrder;
  rowIndex: number;
  text: RowText;
}) {
  const { locale } = text;
  return (
    <tr aria-rowindex={rowIndex + 2} data-testid="analysis-row" style={{ height: ROW_HEIGHT }}>
      <td>
        <Link to={`/orders/${order.orderId}`} className="foyer-analysis-link">
          {order.orderId}
        </Link>
      </td>
      <td className="foyer-tabular">
        <time dateTime={order.orderDate}>{formatDateTime(order.orderDate, locale)}</time>
      </td>
      <td className="foyer-analysis-customer">
        {order.customerId === null ? (
          <span className="foyer-analysis-dimmed">{text.anonymous}</span>
        ) : (
          order.customer || text.customerNumber(order.customerId)
        )}
      </td>
      <td>{text.status(order.status)}</td>
      <td>{text.payment(order.payment)}</td>
      <td>{text.channel(order.channel)}</td>
      <td>{order.method}</td>
      <td className="foyer-tabular foyer-analysis-number">{formatMoney(order.amountCents / 100, locale)}</td>
      <td className="foyer-tabular foyer-analysis-number">{formatMoney(order.feeCents / 100, locale)}</td>
      <td className="foyer-tabular foyer-analysis-number">{formatMoney(order.donationCents / 100, locale)}</td>
      <td className="foyer-tabular foyer-analysis-number">{formatNumber(order.seatCount, locale)}</td>
    </tr>
  );
});

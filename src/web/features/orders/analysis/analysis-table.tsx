import { Anchor, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { Link } from 'react-router';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { useLocale, useLocalized, useMessages } from '../../../lib/i18n';
import { useChannelLabel } from '../order-parts';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../order-status';
import { ordersMessages } from '../orders-messages';
import type { AnalysisOrder } from './analysis-model';

const ROW_HEIGHT = 36;
const VIEWPORT_HEIGHT = 560;

/**
 * The filtered orders as a table that renders only the rows in view (plus a few), so 50,000 rows scroll
 * as smoothly as 50. Spacer rows keep the scroll height; aria-rowcount/aria-rowindex tell assistive
 * technology where a row sits in the whole set.
 */
export function AnalysisTable({ orders, caption }: { orders: readonly AnalysisOrder[]; caption: string }) {
  const ts = useMessages(ordersMessages);
  const { locale } = useLocale();
  const localized = useLocalized();
  const channelLabel = useChannelLabel();
  const scrollRef = useRef<HTMLElement>(null);
  const virtualizer = useVirtualizer({
    count: orders.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  const statusLabel = (value: string) => {
    const info = ORDER_STATUSES[value];
    return info ? localized(info.label) : value;
  };
  const paymentLabel = (value: string) => {
    const info = PAYMENT_STATUSES[value];
    return info ? localized(info.label) : value;
  };
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
      style={{ height: Math.min(VIEWPORT_HEIGHT, ROW_HEIGHT * (orders.length + 1) + 2) }}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      aria-label={caption}
      data-testid="analysis-rows"
    >
      <table className="foyer-analysis-table" aria-rowcount={orders.length + 1}>
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
          {items.map((item) => {
            const order = orders[item.index];
            if (!order) return null;
            return (
              <tr
                key={order.orderId}
                aria-rowindex={item.index + 2}
                data-testid="analysis-row"
                style={{ height: ROW_HEIGHT }}
              >
                <td>
                  <Anchor component={Link} to={`/orders/${order.orderId}`} size="sm" fw={600}>
                    {order.orderId}
                  </Anchor>
                </td>
                <td className="foyer-tabular">
                  <time dateTime={order.orderDate}>{formatDateTime(order.orderDate, locale)}</time>
                </td>
                <td className="foyer-analysis-customer">
                  {order.customerId === null ? (
                    <Text span size="sm" c="dimmed">
                      {ts('anonymous')}
                    </Text>
                  ) : (
                    order.customer || ts('customerNumber', { id: order.customerId })
                  )}
                </td>
                <td>{statusLabel(order.status)}</td>
                <td>{paymentLabel(order.payment)}</td>
                <td>{channelLabel(order.channel)}</td>
                <td>{order.method}</td>
                <td className="foyer-tabular foyer-analysis-number">{formatMoney(order.amountCents / 100, locale)}</td>
                <td className="foyer-tabular foyer-analysis-number">{formatMoney(order.feeCents / 100, locale)}</td>
                <td className="foyer-tabular foyer-analysis-number">
                  {formatMoney(order.donationCents / 100, locale)}
                </td>
                <td className="foyer-tabular foyer-analysis-number">{formatNumber(order.seatCount, locale)}</td>
              </tr>
            );
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

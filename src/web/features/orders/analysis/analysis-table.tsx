import { Group, Pagination, Text } from '@mantine/core';
import '@mantine/core/styles/Pagination.css';
import { memo, useMemo } from 'react';
import { Link } from 'react-router';
import type { ReportRow } from '@/contract/reports';
import { formatDateTime, formatMoney, formatNumber, type Locale } from '@/web/lib/format';
import { useLocale, useLocalized, useMessages } from '@/web/lib/i18n';
import { useChannelLabel } from '../order-parts';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../order-status';
import { ordersMessages } from '../orders-messages';
import { analysisMessages } from './analysis-messages';

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
 * One page of the filtered orders (the gateway sorts and pages them), in a scroll box whose header stays
 * in view, and the pages below it.
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

  return (
    <>
      <section
        className="foyer-analysis-scroll"
        style={{ height: Math.min(VIEWPORT_HEIGHT, ROW_HEIGHT * (rows.length + 1) + 2) }}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        aria-label={caption}
        data-testid="analysis-rows"
      >
        <table className="foyer-analysis-table">
          <caption className="foyer-visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((label, index) => (
                <th key={label} scope="col" style={numeric.has(index) ? { textAlign: 'right' } : undefined}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <AnalysisRow key={row.orderId} order={row} text={text} />
            ))}
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

/** One order. Plain elements: a new page or sort redraws every row, and a row of eleven cells should cost little. */
const AnalysisRow = memo(function AnalysisRow({ order, text }: { order: ReportRow; text: RowText }) {
  const { locale } = text;
  return (
    <tr data-testid="analysis-row" style={{ height: ROW_HEIGHT }}>
      <td>
        <Link to={`/orders/${order.orderId}`} className="foyer-analysis-link">
          {order.orderId}
        </Link>
      </td>
      <td className="foyer-tabular">
        <time dateTime={order.orderDate}>{formatDateTime(order.orderDate, locale)}</time>
      </td>
      {order.customerId === null ? (
        <td className="foyer-analysis-customer">
          <span className="foyer-analysis-dimmed">{text.anonymous}</span>
        </td>
      ) : (
        <CustomerCell name={order.customerName || order.email || text.customerNumber(order.customerId)} />
      )}
      <td>{text.status(order.status)}</td>
      <td>{text.payment(order.payment)}</td>
      <td>{text.channel(order.channel)}</td>
      <td>{order.method}</td>
      <td className="foyer-tabular foyer-analysis-number">{formatMoney(order.amountCents / 100, locale)}</td>
      <td className="foyer-tabular foyer-analysis-number">{formatMoney(order.feeCents / 100, locale)}</td>
      <td className="foyer-tabular foyer-analysis-number">{formatMoney(order.donationCents / 100, locale)}</td>
      <td className="foyer-tabular foyer-analysis-number">{formatNumber(order.tickets, locale)}</td>
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

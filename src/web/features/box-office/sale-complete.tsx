import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import { useQuery } from '@tanstack/react-query';
import { type RefObject, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { BuyerSummary } from '@/contract/customer-search';
import { describeError } from '../../components/error-message';
import { appMessages } from '../../lib/app-messages';
import { formatMoney, formatTime } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { eurosOf, toCents } from '../../lib/money';
import { buyerQueries } from '../../lib/queries/buyer-queries';
import { customerName } from '../../lib/schemas/customer';
import { isFinalPaymentStatus } from '../../lib/schemas/order-status';
import { useCan } from '../../lib/use-can';
import { SalePrinting } from '../printing/public';
import { boxOfficeMessages } from './box-office-messages';
import type { CompletedSale } from './cart-model';
import { cartLines, totalWithFee } from './cart-model';
import { cartQueries, ORDER_STATUS_POLL_MS } from './cart-queries';
import { cashChange } from './cash-change';
import { PaymentQr } from './payment-qr';
import { useLineDetails } from './use-line-details';

type StatusKey = 'statusPaid' | 'statusPending' | 'statusNone' | 'statusPartial' | 'statusCancelled';
const STATUS_KEYS: Record<string, StatusKey> = {
  paid: 'statusPaid',
  pending: 'statusPending',
  none: 'statusNone',
  partial: 'statusPartial',
  cancelled: 'statusCancelled',
};
const STATUS_COLORS: Record<string, string> = { paid: 'teal', pending: 'yellow', cancelled: 'red', partial: 'orange' };

/** An online payment the buyer may still be making: its order is neither paid nor cancelled yet. */
export function awaitsOnlinePayment(sale: CompletedSale, paymentStatus: string | undefined): boolean {
  return sale.result.url !== null && !isFinalPaymentStatus(paymentStatus ?? '');
}

/**
 * After checkout. A desk method's order is final: its status is read once for the tickets and receipt
 * links. An online method's order waits for the buyer: the payment link and its QR code are shown, and
 * the status is read at most once per 10 seconds (spec 8) until it is paid or cancelled.
 */
export function SaleComplete({
  sale,
  buyer,
  onNewSale,
  onPaymentSettled,
  headingRef,
}: {
  sale: CompletedSale;
  /** Who bought, while the page still knows; after a reload they are read again by the sale's customer number. */
  buyer: BuyerSummary | null;
  onNewSale: () => void;
  /** The online payment was paid or cancelled (the shift's totals change with it). */
  onPaymentSettled: (orderId: number, status: string) => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const t = useMessages(boxOfficeMessages);
  const tApp = useMessages(appMessages);
  const { locale } = useLocale();
  const { result, cart, method, tenderedCents } = sale;
  // A reload, or back from the printed receipt, forgot who bought (only their number is kept): read again.
  const storedBuyer = useQuery({
    ...buyerQueries.summary(sale.customerId ?? 0),
    enabled: buyer === null && sale.customerId !== null,
  });
  const shownBuyer = buyer ?? storedBuyer.data ?? null;
  const totalCents = toCents(totalWithFee(cart.amount, method.fee));
  // What the buyer handed over and gets back, still on screen while the seller counts it out.
  const change = cashChange(totalCents, tenderedCents);
  const status = useQuery({
    ...cartQueries.orderStatus(result.orderKey),
    refetchInterval: (query) =>
      awaitsOnlinePayment(sale, query.state.data?.order_payment_status) ? ORDER_STATUS_POLL_MS : false,
    refetchIntervalInBackground: true,
  });
  const paymentStatus = status.data?.order_payment_status;
  const waiting = awaitsOnlinePayment(sale, paymentStatus);
  // A cancelled order has no tickets and no receipt; its seats were released.
  const cancelled = paymentStatus === 'cancelled';
  const [checkedAt, setCheckedAt] = useState<number | null>(null);
  useEffect(() => {
    if (status.dataUpdatedAt) setCheckedAt(status.dataUpdatedAt);
  }, [status.dataUpdatedAt]);

  useEffect(() => {
    headingRef.current?.focus();
  }, [headingRef]);

  useEffect(() => {
    // Online payments only: a desk payment is paid from the start, and the sale's totals were read already.
    if (result.url !== null && paymentStatus && isFinalPaymentStatus(paymentStatus))
      onPaymentSettled(result.orderId, paymentStatus);
  }, [paymentStatus, result.orderId, result.url, onPaymentSettled]);

  // The print view reads the gateway's desk route, which gives a seller the sales made in Foyer (desk-routes.ts).
  const mayPrint = useCan('sales:sell', 'orders:read', 'reports:read');
  const statusKey = paymentStatus ? STATUS_KEYS[paymentStatus] : undefined;
  const lines = cartLines(cart);
  const detailsOf = useLineDetails();

  return (
    <Stack gap="md" data-testid="sale-complete">
      <Group justify="space-between" align="center">
        <Title order={2} size="h3" ref={headingRef} tabIndex={-1}>
          {waiting ? t('onlineTitle') : cancelled ? t('paymentCancelled') : t('saleDone')}
        </Title>
        {paymentStatus ? (
          // "dot": the text keeps the body colour; teal on pale teal ("Betaald") was 4.32:1, under AA.
          <Badge
            size="lg"
            color={STATUS_COLORS[paymentStatus] ?? 'gray'}
            variant="dot"
            tt="none"
            data-testid="payment-status"
          >
            {statusKey ? t(statusKey) : paymentStatus}
          </Badge>
        ) : null}
      </Group>

      {waiting && result.url ? (
        <Paper withBorder p="md" radius="md">
          <Group align="flex-start" gap="lg">
            <PaymentQr url={result.url} />
            <Stack gap="xs" style={{ flex: 1 }}>
              <Text>{t('onlineHint')}</Text>
              <Anchor href={result.url} target="_blank" rel="noopener noreferrer" data-testid="payment-link">
                {t('paymentLink')}
              </Anchor>
              <Group gap="xs" aria-live="polite">
                <Loader size="xs" />
                <Text size="sm">{t('waitingForPayment')}</Text>
              </Group>
              {checkedAt ? (
                <Text size="xs" c="dimmed">
                  {t('lastChecked', { time: formatTime(new Date(checkedAt), locale) })}
                </Text>
              ) : null}
            </Stack>
          </Group>
        </Paper>
      ) : null}

      {status.isError ? (
        <Alert color="red" variant="light" role="alert">
          {describeError(status.error, tApp)}
        </Alert>
      ) : null}

      <Table variant="vertical" layout="fixed" withTableBorder>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={160}>{t('order')}</Table.Th>
            <Table.Td data-testid="order-id">{result.orderId}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('orderKey')}</Table.Th>
            <Table.Td data-testid="order-key" style={{ fontFamily: 'monospace' }}>
              {result.orderKey}
            </Table.Td>
          </Table.Tr>
          {shownBuyer ? (
            <Table.Tr>
              <Table.Th>{t('buyer')}</Table.Th>
              <Table.Td data-testid="sale-buyer">
                {customerName(shownBuyer) || shownBuyer.email}
                {customerName(shownBuyer) && shownBuyer.email ? (
                  <Text span size="sm" c="dimmed">
                    {' '}
                    · {shownBuyer.email}
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ) : null}
          <Table.Tr>
            <Table.Th>{t('paymentMethod')}</Table.Th>
            <Table.Td>{method.name}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('total')}</Table.Th>
            <Table.Td data-testid="order-total">{formatMoney(eurosOf(totalCents), locale)}</Table.Td>
          </Table.Tr>
          {tenderedCents !== null && change.kind === 'change' ? (
            <>
              <Table.Tr>
                <Table.Th>{t('cashReceived')}</Table.Th>
                <Table.Td>{formatMoney(eurosOf(tenderedCents), locale)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('changeDue')}</Table.Th>
                <Table.Td data-testid="sale-change" fw={700}>
                  {formatMoney(eurosOf(change.changeCents), locale)}
                </Table.Td>
              </Table.Tr>
            </>
          ) : null}
        </Table.Tbody>
      </Table>

      <div>
        <Text fw={600} mb={4}>
          {cancelled ? t('cancelledItems') : t('soldItems')}
        </Text>
        <ul className="foyer-sold-list" data-testid="sold-items">
          {lines.map((line) => {
            const { when, seat } = detailsOf(line);
            return (
              <li key={line.itemId}>
                {line.tickets > 1 ? t('lineTickets', { count: line.tickets }) : ''}
                {[line.description, when, seat].filter(Boolean).join(', ')}
                {line.priceName ? ` · ${line.priceName}` : ''} — {formatMoney(line.amount, locale)}
              </li>
            );
          })}
        </ul>
      </div>

      <Group>
        {status.data?.order_tickets_url && !waiting && !cancelled ? (
          <Anchor href={status.data.order_tickets_url} target="_blank" rel="noopener noreferrer">
            {t('ticketsLink')}
          </Anchor>
        ) : null}
        {status.data?.order_receipt_url && !waiting && !cancelled ? (
          <Anchor href={status.data.order_receipt_url} target="_blank" rel="noopener noreferrer">
            {t('receiptLink')}
          </Anchor>
        ) : null}
      </Group>

      {status.data && !waiting && !cancelled ? (
        <SalePrinting orderId={result.orderId} receivedCents={tenderedCents} />
      ) : null}

      {mayPrint && status.data && !waiting && !cancelled ? (
        <Group gap="xs" data-testid="print-links">
          <Button component={Link} to={`/orders/${result.orderId}/print?kind=tickets`} variant="light">
            {t('printTickets')}
          </Button>
          <Button
            component={Link}
            // The cash handed over goes with the link: the receipt shows it and the change.
            to={`/orders/${result.orderId}/print?kind=receipt${tenderedCents !== null ? `&received=${tenderedCents}` : ''}`}
            variant="light"
          >
            {t('printReceipt')}
          </Button>
        </Group>
      ) : null}

      <Button onClick={onNewSale} size="md" rightSection={<kbd>N</kbd>} data-testid="new-sale">
        {t('newSale')}
      </Button>
    </Stack>
  );
}

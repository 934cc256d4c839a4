import { Alert, Anchor, Button, Group, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/Skeleton.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { describeError } from '../../components/error-message';
import { EmptyState, ErrorState } from '../../components/page-states';
import { PAGE_RULES } from '../../components/print-view';
import { isApiError } from '../../lib/api-error';
import { appMessages } from '../../lib/app-messages';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { deskQueries, type PrintData } from '../../lib/queries/desk-queries';
import { deskMessages } from './desk-messages';
import {
  type PerformanceInfo,
  type PrintContext,
  type PrintKind,
  type PrintLayout,
  type PrintTicket,
  printChoice,
  type Receipt,
  receiptOf,
  sectionsByEvent,
  type TicketPlace,
  ticketsOf,
} from './print-model';
import { type PrintRecord, recordPrint } from './print-record';
import { TicketQr } from './ticket-qr';

/** What the print view lays out, from the gateway's print data (`GET /api/desk/orders/{id}/print-data`). */
function printContextOf(data: PrintData): PrintContext {
  const performances = new Map<number, PerformanceInfo>(
    data.performances.map((performance) => [
      performance.eventId,
      { name: performance.name, start: performance.start, hallName: performance.hallName },
    ]),
  );
  return { performances, sections: sectionsByEvent(data.sections) };
}

function PlaceText({ place }: { place: TicketPlace }) {
  const t = useMessages(deskMessages);
  if (place.kind === 'generalAdmission') return <>{t('generalAdmission')}</>;
  return (
    <>
      {place.section ? `${t('section')} ${place.section} · ` : ''}
      {t('row')} {place.rowNr} · {t('seat')} {place.seatNr}
    </>
  );
}

function ReprintMark({ record }: { record: PrintRecord | null }) {
  const t = useMessages(deskMessages);
  if (!record?.reprint) return null;
  return (
    <p className="foyer-reprint-mark" data-testid="reprint-mark">
      {t('reprintMark', { n: record.printNumber })}
    </p>
  );
}

function TicketCard({ ticket, record, qrSize }: { ticket: PrintTicket; record: PrintRecord | null; qrSize: number }) {
  const t = useMessages(deskMessages);
  const { locale } = useLocale();
  const performance = ticket.performance;
  return (
    <article className="foyer-ticket" data-testid="ticket" aria-labelledby={`ticket-${ticket.id}`}>
      <ReprintMark record={record} />
      <div className="foyer-ticket-body">
        <div className="foyer-ticket-text">
          <h2 className="foyer-ticket-title" id={`ticket-${ticket.id}`}>
            {performance?.name ?? t('performanceUnknown', { id: ticket.eventId })}
          </h2>
          {performance ? (
            <p className="foyer-ticket-when">
              <time dateTime={performance.start}>{formatDateTime(performance.start, locale)}</time>
            </p>
          ) : null}
          <dl className="foyer-ticket-fields">
            <dt>{t('hall')}</dt>
            <dd>{performance?.hallName ?? t('hallUnknown')}</dd>
            <dt>{t('place')}</dt>
            <dd data-testid="ticket-place">
              <PlaceText place={ticket.place} />
            </dd>
            <dt>{t('price')}</dt>
            <dd>
              {ticket.priceName ? `${ticket.priceName} · ` : ''}
              {formatMoney(ticket.amount, locale)}
            </dd>
            <dt>{t('orderNumber')}</dt>
            <dd data-testid="ticket-order">{ticket.orderId}</dd>
          </dl>
          <p className="foyer-ticket-count">{t('ticketOf', { n: ticket.number, count: ticket.count })}</p>
        </div>
        <TicketQr orderKey={ticket.orderKey} size={qrSize} />
      </div>
      <p className="foyer-ticket-key">{ticket.orderKey}</p>
    </article>
  );
}

interface ReceiptViewProps {
  receipt: Receipt;
  record: PrintRecord | null;
  seller: string;
  /** The shift the sale was made in; null when it joined none. */
  shift: string | null;
}

function ReceiptView({ receipt, record, seller, shift }: ReceiptViewProps) {
  const t = useMessages(deskMessages);
  const { locale } = useLocale();
  const money = (amount: number) => formatMoney(amount, locale);
  return (
    <article className="foyer-receipt" data-testid="receipt" aria-labelledby="receipt-title">
      <ReprintMark record={record} />
      <h2 id="receipt-title" className="foyer-ticket-title">
        {t('receiptTitle')} · {t('orderNumber')} {receipt.orderId}
      </h2>
      <p>
        {t('receiptDate')}: <time dateTime={receipt.orderDate}>{formatDateTime(receipt.orderDate, locale)}</time>
      </p>
      <table className="foyer-receipt-table">
        <caption className="foyer-visually-hidden">{t('receiptTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('receiptLine')}</th>
            <th scope="col" className="foyer-receipt-amount">
              {t('receiptAmount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {receipt.lines.map((line) => (
            <tr key={line.id} data-testid="receipt-line">
              <td>
                {line.performance?.name ?? t('performanceUnknown', { id: line.eventId })}
                {line.performance ? `, ${formatDateTime(line.performance.start, locale)}` : ''}
                <br />
                <PlaceText place={line.place} />
                {line.priceName ? ` · ${line.priceName}` : ''}
              </td>
              <td className="foyer-receipt-amount">{money(line.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('ticketsSubtotal')}</th>
            <td className="foyer-receipt-amount">{money(receipt.ticketsTotal)}</td>
          </tr>
          {receipt.otherItems !== 0 ? (
            <tr>
              <th scope="row">{t('otherItems')}</th>
              <td className="foyer-receipt-amount">{money(receipt.otherItems)}</td>
            </tr>
          ) : null}
          {receipt.donation !== 0 ? (
            <tr>
              <th scope="row">{t('donation')}</th>
              <td className="foyer-receipt-amount">{money(receipt.donation)}</td>
            </tr>
          ) : null}
          <tr>
            <th scope="row">{t('fee')}</th>
            <td className="foyer-receipt-amount" data-testid="receipt-fee">
              {money(receipt.fee)}
            </td>
          </tr>
          <tr className="foyer-receipt-total">
            <th scope="row">{t('total')}</th>
            <td className="foyer-receipt-amount" data-testid="receipt-total">
              {money(receipt.total)}
            </td>
          </tr>
        </tfoot>
      </table>
      <dl className="foyer-ticket-fields">
        <dt>{t('paymentMethod')}</dt>
        <dd>{receipt.paymentMethod || '–'}</dd>
        <dt>{t('seller')}</dt>
        <dd data-testid="receipt-seller">{seller}</dd>
        <dt>{t('shift')}</dt>
        <dd data-testid="receipt-shift">{shift ?? t('noShift')}</dd>
      </dl>
      <p className="foyer-ticket-key">{receipt.orderKey}</p>
    </article>
  );
}

/**
 * `/orders/:orderId/print?kind=tickets|receipt&layout=a4|80mm`: an order's tickets (one per seat, with the
 * QR code of the order key) or its receipt, laid out for A4 or for 80 mm receipt paper by print CSS. The
 * toolbar shows on screen only; Print records the print (a reprint is marked) and opens the print dialog.
 */
export function PrintPage() {
  const t = useMessages(deskMessages);
  const tApp = useMessages(appMessages);
  const rawOrderId = useParams().orderId ?? '';
  const orderId = Number(rawOrderId);
  const [search, setSearch] = useSearchParams();
  const { kind, layout } = printChoice(search);
  const valid = Number.isInteger(orderId) && orderId > 0;
  const query = useQuery({ ...deskQueries.printData(orderId), enabled: valid });
  const [record, setRecord] = useState<PrintRecord | null>(null);
  const [recording, setRecording] = useState(false);
  const [recordError, setRecordError] = useState<unknown>(null);
  const [printRequest, setPrintRequest] = useState(0);

  // The print dialog opens once the marks of this print are on the page.
  useEffect(() => {
    if (printRequest === 0) return;
    const frame = requestAnimationFrame(() => window.print());
    return () => cancelAnimationFrame(frame);
  }, [printRequest]);

  const choose = (next: { kind?: PrintKind; layout?: PrintLayout }) => {
    const params = new URLSearchParams(search);
    params.set('kind', next.kind ?? kind);
    params.set('layout', next.layout ?? layout);
    setSearch(params, { replace: true });
    // Another kind or layout is another print: its reprint mark is not known until it is recorded.
    setRecord(null);
  };

  const print = async () => {
    setRecording(true);
    setRecordError(null);
    try {
      setRecord(await recordPrint(orderId, kind, layout));
      setPrintRequest((count) => count + 1);
    } catch (error) {
      setRecordError(error);
    } finally {
      setRecording(false);
    }
  };

  if (!valid || (isApiError(query.error) && query.error.status === 404)) {
    return (
      <Paper withBorder radius="md">
        <EmptyState heading={1} title={t('orderNotFound', { id: rawOrderId })} />
      </Paper>
    );
  }
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  const data = query.data;
  const order = data?.order;
  const row = data ? (data.seatsFound ? data.order : null) : undefined;
  const context = data ? printContextOf(data) : null;
  const ready = Boolean(data);
  const cancelled = order?.orderStatus === 'cancel' || order?.orderPaymentStatus === 'cancelled';
  const tickets = order && row && context ? ticketsOf(order, row, context) : [];
  const receipt = order && row && context ? receiptOf(order, row, context) : null;
  const printable = ready && row && !cancelled && (kind === 'receipt' || tickets.length > 0);
  // Who sold it, from the audit trail; an order the webshop sold names the webshop.
  const seller = data?.sale
    ? (data.sale.seller.name ?? data.sale.seller.email ?? '–')
    : order?.orderChannel === 'www'
      ? t('sellerWebshop')
      : '–';

  return (
    <div className={`foyer-print foyer-print-${layout}`} data-layout={layout} data-kind={kind}>
      <style>{PAGE_RULES[layout]}</style>
      <Stack gap="sm" className="foyer-print-toolbar" mb="lg">
        <Anchor component={Link} to={`/orders/${orderId}`} size="sm">
          ← {t('backToOrder')}
        </Anchor>
        <Title order={1}>{t('printTitle', { id: orderId })}</Title>
        <Group gap="md" align="flex-end" wrap="wrap">
          <div>
            <Text size="sm" fw={500} id="print-kind-label">
              {t('kindLabel')}
            </Text>
            <SegmentedControl
              aria-labelledby="print-kind-label"
              value={kind}
              onChange={(value) => choose({ kind: value as PrintKind })}
              data={[
                { value: 'tickets', label: t('kindTickets') },
                { value: 'receipt', label: t('kindReceipt') },
              ]}
            />
          </div>
          <div>
            <Text size="sm" fw={500} id="print-layout-label">
              {t('layoutLabel')}
            </Text>
            <SegmentedControl
              aria-labelledby="print-layout-label"
              value={layout}
              onChange={(value) => choose({ layout: value as PrintLayout })}
              data={[
                { value: 'a4', label: t('layoutA4') },
                { value: '80mm', label: t('layout80mm') },
              ]}
            />
          </div>
          <Button onClick={() => void print()} loading={recording} disabled={!printable} data-testid="print-button">
            {t('print')}
          </Button>
        </Group>
        {record ? (
          <Text size="sm" c="dimmed" role="status" data-testid="print-recorded">
            {t('recorded', { n: record.printNumber })}
          </Text>
        ) : null}
        {recordError ? (
          <Alert color="red" variant="light" role="alert">
            {t('recordFailed')} {describeError(recordError, tApp)}
          </Alert>
        ) : null}
      </Stack>

      {!ready ? (
        <Stack gap="sm" role="status" aria-label={t('printLoading')}>
          <Skeleton h={160} />
          <Skeleton h={160} />
        </Stack>
      ) : row === null ? (
        <Alert color="orange" variant="light" role="alert">
          {t('seatsNotFound')}
        </Alert>
      ) : cancelled ? (
        <Alert color="orange" variant="light" role="alert">
          {t('notPrintable', { status: order?.orderPaymentStatus ?? '' })}
        </Alert>
      ) : kind === 'tickets' ? (
        tickets.length === 0 ? (
          <Text>{t('noSeats')}</Text>
        ) : (
          <div className="foyer-tickets" data-testid="tickets">
            {tickets.map((ticket) => (
              <TicketCard key={ticket.id} ticket={ticket} record={record} qrSize={layout === '80mm' ? 160 : 132} />
            ))}
          </div>
        )
      ) : receipt ? (
        <ReceiptView
          receipt={receipt}
          record={record}
          seller={seller}
          shift={data?.sale?.shift ? t('shiftOf', { id: data.sale.shift.id, desk: data.sale.shift.desk }) : null}
        />
      ) : null}
    </div>
  );
}

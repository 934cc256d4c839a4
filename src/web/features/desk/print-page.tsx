import { Alert, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { isPrintableOrder } from '@/contract/order-printing';
import '@mantine/core/styles/Skeleton.css';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { EmptyState, ErrorState } from '../../components/page-states';
import { PAGE_RULES } from '../../components/print-view';
import { isApiError } from '../../lib/api-error';
import { useMessages } from '../../lib/i18n';
import { deskQueries } from '../../lib/queries/desk-queries';
import { deskMessages } from './desk-messages';
import { ReceiptView, TicketCard } from './print-documents';
import {
  type PrintKind,
  type PrintLayout,
  printChoice,
  printContextOf,
  receiptOf,
  receivedCentsOf,
  ticketsOf,
} from './print-model';
import { PrintToolbar } from './print-toolbar';
import { usePrintRecording } from './use-print-recording';

/**
 * `/orders/:orderId/print?kind=tickets|receipt&layout=a4|80mm`: an order's tickets (one per seat, with the
 * QR code of the order key) or its receipt, laid out for A4 or for 80 mm receipt paper by print CSS. The
 * toolbar shows on screen only; Print records the print (a reprint is marked) and opens the print dialog.
 */
export function PrintPage() {
  const t = useMessages(deskMessages);
  const rawOrderId = useParams().orderId ?? '';
  const orderId = Number(rawOrderId);
  const [search, setSearch] = useSearchParams();
  const { kind, layout } = printChoice(search);
  const valid = Number.isInteger(orderId) && orderId > 0;
  const query = useQuery({ ...deskQueries.printData(orderId), enabled: valid });
  const { record, recording, recordError, print, forget } = usePrintRecording(orderId, kind, layout);

  const choose = (next: { kind?: PrintKind; layout?: PrintLayout }) => {
    const params = new URLSearchParams(search);
    params.set('kind', next.kind ?? kind);
    params.set('layout', next.layout ?? layout);
    setSearch(params, { replace: true });
    // Another kind or layout is another print: its reprint mark is not known until it is recorded.
    forget();
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
  // Cancelled or deleted (trash): no valid tickets, as the order page and the gateway's printing agree.
  const cancelled = order ? !isPrintableOrder(order) : false;
  const tickets = order && row && context ? ticketsOf(order, row, context) : [];
  const receipt = order && row && context ? receiptOf(order, row, context) : null;
  const printable = Boolean(ready && row && !cancelled && (kind === 'receipt' || tickets.length > 0));
  // Who sold it, from the audit trail; an order the webshop sold names the webshop.
  const seller = data?.sale
    ? (data.sale.seller.name ?? data.sale.seller.email ?? '–')
    : order?.orderChannel === 'www'
      ? t('sellerWebshop')
      : '–';

  return (
    <div className={`foyer-print foyer-print-${layout}`} data-layout={layout} data-kind={kind}>
      <style>{PAGE_RULES[layout]}</style>
      <PrintToolbar
        orderId={orderId}
        kind={kind}
        layout={layout}
        onChoose={choose}
        onPrint={() => void print()}
        recording={recording}
        printable={printable}
        record={record}
        recordError={recordError}
      />

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
          receivedCents={receivedCentsOf(search)}
          record={record}
          seller={seller}
          shift={data?.sale?.shift ? t('shiftOf', { id: data.sale.shift.id, desk: data.sale.shift.desk }) : null}
        />
      ) : null}
    </div>
  );
}

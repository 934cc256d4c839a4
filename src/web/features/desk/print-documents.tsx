import type { PrintRecord } from '@/contract/desk';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { eurosOf, toCents } from '../../lib/money';
import { deskMessages } from './desk-messages';
import type { PrintTicket, Receipt, TicketPlace } from './print-model';
import { TicketQr } from './ticket-qr';

/* What the print view lays out on paper: an order's tickets, one per seat, and its receipt. */

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

export function TicketCard({
  ticket,
  record,
  qrSize,
}: {
  ticket: PrintTicket;
  record: PrintRecord | null;
  qrSize: number;
}) {
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
  /** Cash handed over at the desk (from the finished sale's link); with the change when it covers the total. */
  receivedCents?: number | null;
  record: PrintRecord | null;
  seller: string;
  /** The shift the sale was made in; null when it joined none. */
  shift: string | null;
}

export function ReceiptView({ receipt, receivedCents = null, record, seller, shift }: ReceiptViewProps) {
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
          {receivedCents !== null && receivedCents >= toCents(receipt.total) ? (
            <>
              <tr>
                <th scope="row">{t('receivedCash')}</th>
                <td className="foyer-receipt-amount" data-testid="receipt-received">
                  {money(eurosOf(receivedCents))}
                </td>
              </tr>
              <tr>
                <th scope="row">{t('changeGiven')}</th>
                <td className="foyer-receipt-amount" data-testid="receipt-change">
                  {money(eurosOf(receivedCents - toCents(receipt.total)))}
                </td>
              </tr>
            </>
          ) : null}
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

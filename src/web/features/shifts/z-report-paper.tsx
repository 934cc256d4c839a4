import type { ReactNode } from 'react';
import type { ShiftSummary, ZReport } from '@/contract/shift';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { eurosOf } from '../../lib/money';
import { differenceKind, formatAtDesk } from './shift-model';
import { cancellationOrigin, shiftsMessages } from './shifts-messages';
import './z-report.css';

function Row({
  label,
  amount,
  testId,
  strong,
}: {
  label: ReactNode;
  amount: string;
  testId?: string;
  strong?: boolean;
}) {
  return (
    <tr className={strong ? 'foyer-receipt-total' : undefined} data-testid={testId}>
      <th scope="row">{label}</th>
      <td className="foyer-receipt-amount">{amount}</td>
    </tr>
  );
}

function ZSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="foyer-z-section" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
}

/** The Z-report as it prints: on A4 or on 80 mm receipt paper (print-view.css). */
export function ZReportPaper({
  shift,
  report,
  signOffNote,
}: {
  shift: ShiftSummary;
  report: ZReport;
  signOffNote: string | null;
}) {
  const t = useMessages(shiftsMessages);
  const { locale } = useLocale();
  const money = (cents: number) => formatMoney(eurosOf(cents), locale);
  const at = (value: string) => formatAtDesk(value, locale, shift.timeZone);
  const signed = (difference: number) => `${money(difference)} (${t(`difference:${differenceKind(difference)}`)})`;
  const signedCount = (counted: number, expected: number) =>
    `${money(counted)}, ${t('zDifference').toLowerCase()} ${signed(counted - expected)}`;
  const { totals } = report;
  const reconciliation = report.reconciliation;

  return (
    <article className="foyer-receipt foyer-z-report" data-testid="z-report" aria-labelledby="z-title">
      <h2 id="z-title" className="foyer-ticket-title">
        {t('zHeading')} · {t('shiftNumber', { id: shift.id })}
      </h2>
      <dl className="foyer-ticket-fields">
        <dt>{t('fieldDesk')}</dt>
        <dd data-testid="z-desk">{shift.desk.name}</dd>
        <dt>{t('fieldSeller')}</dt>
        <dd data-testid="z-seller">{shift.seller.name ?? shift.seller.email}</dd>
        <dt>{t('fieldOpened')}</dt>
        <dd>{at(shift.openedAt)}</dd>
        <dt>{t('fieldClosed')}</dt>
        <dd>{shift.closedAt ? at(shift.closedAt) : t('stillOpen')}</dd>
        {shift.closedBy ? (
          <>
            <dt>{t('fieldClosedBy')}</dt>
            <dd>{shift.closedBy.name ?? shift.closedBy.email}</dd>
          </>
        ) : null}
        <dt>{t('zFloat')}</dt>
        <dd data-testid="z-float">{money(shift.openingFloatCents)}</dd>
      </dl>

      <ZSection id="z-methods" title={t('totalsTitle')}>
        <table className="foyer-receipt-table">
          <thead>
            <tr>
              <th scope="col">{t('columnMethod')}</th>
              <th scope="col" className="foyer-receipt-amount">
                {t('columnAmount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {totals.byMethod.map((entry) => (
              <MethodRows key={`${entry.tender}:${entry.method}`} entry={entry} money={money} />
            ))}
          </tbody>
          <tfoot>
            <Row
              label={`${t('zSalesTotal')} (${totals.count})`}
              amount={money(totals.amountCents)}
              testId="z-total"
              strong
            />
            {totals.awaiting?.count ? (
              <Row
                label={`${t('awaitingRow')} (${totals.awaiting.count})`}
                amount={money(totals.awaiting.amountCents)}
                testId="z-awaiting"
              />
            ) : null}
            <Row label={t('columnFees')} amount={money(totals.feeCents)} testId="z-fees" />
            <Row label={t('columnDonations')} amount={money(totals.donationCents)} testId="z-donations" />
            {totals.withdrawn?.count ? (
              <Row
                label={`${t('withdrawn')} (${totals.withdrawn.count})`}
                amount={money(totals.withdrawn.amountCents)}
                testId="z-withdrawn"
              />
            ) : null}
          </tfoot>
        </table>
      </ZSection>

      <ZSection id="z-performances" title={t('performancesTitle')}>
        {totals.byPerformance.length === 0 ? (
          <p>{t('noPerformances')}</p>
        ) : (
          <table className="foyer-receipt-table">
            <thead>
              <tr>
                <th scope="col">{t('columnPerformance')}</th>
                <th scope="col" className="foyer-receipt-amount">
                  {t('columnAmount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {totals.byPerformance.map((entry) => (
                <tr key={entry.eventId} data-testid="z-performance">
                  <th scope="row">
                    {entry.name ?? t('performanceUnknown', { id: entry.eventId })}
                    {entry.start ? `, ${formatDateTime(entry.start, locale)}` : ''}
                    <br />
                    {t('ticketCount', { count: entry.tickets })}
                  </th>
                  <td className="foyer-receipt-amount">{money(entry.amountCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ZSection>

      <ZSection id="z-cancellations" title={t('reconCancellations')}>
        {!reconciliation ? (
          <p>{t('zReconFailed')}</p>
        ) : reconciliation.cancellations.length === 0 ? (
          <p data-testid="z-no-cancellations">{t('zNoCancellations')}</p>
        ) : (
          <table className="foyer-receipt-table">
            <caption className="foyer-visually-hidden">{t('reconCancellations')}</caption>
            <tbody>
              {reconciliation.cancellations.map((entry) => (
                <tr key={`${entry.orderId}:${entry.kind}`} data-testid="z-cancellation">
                  <th scope="row">
                    {t('columnOrder')} {entry.orderId} · {t(`cancel:${entry.kind}`)}
                    <br />
                    {entry.method ? `${entry.method} · ` : ''}
                    {t(cancellationOrigin(entry))}
                  </th>
                  <td className="foyer-receipt-amount">{money(entry.amountCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ZSection>

      <ZSection id="z-cash-up" title={t('zCashUp')}>
        <table className="foyer-receipt-table">
          <caption className="foyer-visually-hidden">{t('zCashUp')}</caption>
          <tbody>
            <Row
              label={`${t('expectedCash')}: ${t('zExpected')}`}
              amount={money(totals.expected.cashCents)}
              testId="z-expected-cash"
            />
            <Row
              label={`${t('expectedCash')}: ${t('zCounted')}`}
              amount={money(report.counted.cashCents)}
              testId="z-counted-cash"
            />
            <Row
              label={`${t('differenceCash')}: ${t('zDifference')}`}
              amount={signed(report.difference.cashCents)}
              testId="z-difference-cash"
            />
            <Row
              label={`${t('expectedCard')}: ${t('zExpected')}`}
              amount={money(totals.expected.cardCents)}
              testId="z-expected-card"
            />
            <Row
              label={`${t('expectedCard')}: ${t('zCounted')}`}
              amount={money(report.counted.cardCents)}
              testId="z-counted-card"
            />
            <Row
              label={`${t('differenceCard')}: ${t('zDifference')}`}
              amount={signed(report.difference.cardCents)}
              testId="z-difference-card"
            />
          </tbody>
          <tfoot>
            <Row
              label={`${t('differenceTotal')}: ${t('zDifference')}`}
              amount={signed(report.difference.totalCents)}
              testId="z-difference-total"
              strong
            />
          </tfoot>
        </table>
        {/* The seller's first count, before the expected amounts were shown, and how far it was from them. */}
        <p data-testid="z-blind-count">
          {report.blindCount ? (
            <>
              <strong>{t('zBlindCount')}:</strong>{' '}
              {`${t('expectedCash')} ${signedCount(report.blindCount.cashCents, totals.expected.cashCents)} · `}
              {`${t('expectedCard')} ${signedCount(report.blindCount.cardCents, totals.expected.cardCents)}`}
            </>
          ) : (
            t('zBlindCountNone')
          )}
        </p>
        {report.reason ? (
          <p data-testid="z-reason">
            <strong>{t('fieldReason')}:</strong> {report.reason}
          </p>
        ) : null}
        {report.drawerOpenings ? (
          <p data-testid="z-drawer-openings">
            <strong>{t('zDrawerOpenings')}:</strong>{' '}
            {/* Foyer opens (and counts) only a sales point's drawer: without one, "0×" read as a drawer never opened. */}
            {shift.salesPointId === null
              ? t('zDrawerNotConnected')
              : t('zDrawerOpeningsCounts', {
                  total: report.drawerOpenings.sale + report.drawerOpenings.noSale + report.drawerOpenings.cashUp,
                  sale: report.drawerOpenings.sale,
                  noSale: report.drawerOpenings.noSale,
                  cashUp: report.drawerOpenings.cashUp,
                })}
          </p>
        ) : null}
      </ZSection>

      <ZSection id="z-reconciliation" title={t('zReconciliation')}>
        <p data-testid="z-reconciliation">
          {reconciliation
            ? t('zReconSummary', {
                outside: reconciliation.outsideFoyer.length,
                changed: reconciliation.changed.length,
                without: reconciliation.withoutShift.length,
              })
            : t('zReconFailed')}
        </p>
      </ZSection>

      <ZSection id="z-sign-off" title={t('zSignOff')}>
        <p data-testid="z-sign-off">
          {shift.signedOffBy && shift.signedOffAt
            ? t('signedOffBy', {
                name: shift.signedOffBy.name ?? shift.signedOffBy.email ?? '?',
                date: at(shift.signedOffAt),
              })
            : t('notSignedOff')}
          {signOffNote ? ` · ${signOffNote}` : ''}
        </p>
      </ZSection>
      <p className="foyer-ticket-key">
        {t('zGenerated')}: {at(report.generatedAt)}
      </p>
    </article>
  );
}

function MethodRows({
  entry,
  money,
}: {
  entry: ZReport['totals']['byMethod'][number];
  money: (cents: number) => string;
}) {
  const t = useMessages(shiftsMessages);
  return (
    <>
      <tr data-testid="z-method" data-tender={entry.tender}>
        <th scope="row">
          {entry.method} ({entry.count}) · {t(`tender:${entry.tender}`)}
        </th>
        <td className="foyer-receipt-amount">{money(entry.amountCents)}</td>
      </tr>
      {entry.feeCents !== 0 ? (
        <tr className="foyer-z-sub">
          <th scope="row">{t('columnFees')}</th>
          <td className="foyer-receipt-amount">{money(entry.feeCents)}</td>
        </tr>
      ) : null}
      {entry.donationCents !== 0 ? (
        <tr className="foyer-z-sub">
          <th scope="row">{t('columnDonations')}</th>
          <td className="foyer-receipt-amount">{money(entry.donationCents)}</td>
        </tr>
      ) : null}
    </>
  );
}

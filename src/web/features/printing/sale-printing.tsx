import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PrintingStatus, PrintJob } from '@/contract/printing';
import { isDevicePrinter } from '@/contract/sales-points';
import { describeError } from '../../components/error-message';
import { appMessages } from '../../lib/app-messages';
import { useLocale, useMessages } from '../../lib/i18n';
import { deviceSupported } from './device/device-support';
import { usePrinterErrorText } from './printer-error';
import { printingMessages } from './printing-messages';
import { printingQueries, usePrintOrder } from './printing-queries';

/**
 * The sales printed automatically in this page's life: once each, whatever re-renders or remounts (a second
 * print of the same sale is a reprint, which only the seller asks for).
 */
const printedSales = new Set<number>();

/** What became of a sale's jobs: the latest state the chip's status has of them, else as queued. */
function outcomeOf(jobs: readonly PrintJob[]): 'printing' | 'printed' | 'failed' {
  if (jobs.some((job) => job.status === 'failed')) return 'failed';
  if (jobs.length > 0 && jobs.every((job) => job.status === 'sent')) return 'printed';
  return 'printing';
}

type Document = 'receipt' | 'tickets';

/**
 * The documents whose printer this browser can reach, and whether one cannot be (a USB or serial printer in a
 * browser without WebUSB/WebSerial): it then prints from the print view. The gateway's rule picks the printer:
 * the receipt's, else the ticket's, for the receipt, the other way round for the tickets.
 */
function reachable(status: PrintingStatus | undefined): { documents: Document[]; unreachable: boolean } {
  const printers = status?.printers ?? [];
  const of = (role: 'receipt' | 'ticket') => printers.find((printer) => printer.printer === role)?.settings;
  const documents: Document[] = [];
  let unreachable = false;
  for (const document of ['receipt', 'tickets'] as const) {
    const target = document === 'receipt' ? (of('receipt') ?? of('ticket')) : (of('ticket') ?? of('receipt'));
    if (!target) continue;
    if (isDevicePrinter(target) && !deviceSupported(target)) unreachable = true;
    else documents.push(document);
  }
  return { documents, unreachable };
}

/**
 * A completed desk sale at a sales point with printers: its receipt and tickets go to the printers at once,
 * without a dialog; what became of them shows here, with "print again" (a reprint, marked as one). A printer
 * that fails never blocks or loses the sale: the browser's print views stay beside this.
 */
export function SalePrinting({ orderId, receivedCents = null }: { orderId: number; receivedCents?: number | null }) {
  const t = useMessages(printingMessages);
  const printerError = usePrinterErrorText();
  const app = useMessages(appMessages);
  // The paper's language: the seller's app's.
  const locale = useLocale().locale.startsWith('en') ? 'en' : 'nl';
  // Read afresh for the sale too: the shift may have been opened at its sales point since the chip last looked.
  const status = useQuery({ ...printingQueries.status(), refetchOnMount: 'always' });
  const print = usePrintOrder();
  const { mutate } = print;
  const salesPoint = status.data?.salesPoint ?? null;
  const { documents, unreachable } = reachable(status.data);
  const printsHere = (salesPoint?.printsHere ?? false) && documents.length > 0;
  const documentsKey = documents.join(',');

  // At once with the status the chip has read (no round trip between the sale and its print: issue 31's
  // timing); the gateway prints at the seller's current sales point whatever it said, or says why not.
  useEffect(() => {
    if (!printsHere || printedSales.has(orderId)) return;
    printedSales.add(orderId);
    mutate({ orderId, locale, documents: documentsKey.split(',') as Document[], receivedCents });
  }, [printsHere, orderId, locale, mutate, documentsKey, receivedCents]);

  const hint = unreachable ? (
    <Alert color="yellow" variant="light" p="xs" data-testid="device-unsupported">
      {t('deviceUnsupported')}
    </Alert>
  ) : null;
  if (!salesPoint || !printsHere) return hint;
  const sent = print.data?.jobs ?? [];
  const jobs = sent.map((job) => status.data?.jobs.find((candidate) => candidate.id === job.id) ?? job);
  const outcome = outcomeOf(jobs);
  const error = printerError(jobs.find((job) => job.status === 'failed')?.error ?? '');

  return (
    <>
      {hint}
      <Group
        gap="sm"
        justify="space-between"
        data-testid="sale-printing"
        data-outcome={print.isIdle ? 'none' : outcome}
      >
        {print.isError ? (
          <Alert color="red" variant="light" role="alert" p="xs">
            {describeError(print.error, app)}
          </Alert>
        ) : print.isPending || (print.isSuccess && outcome === 'printing') ? (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm">{t('printing', { name: salesPoint.name })}</Text>
          </Group>
        ) : print.isSuccess && outcome === 'printed' ? (
          <Text size="sm" className="foyer-success-text" role="status" data-testid="sale-printed">
            {/* "Print again" said the same as the first print, so a seller could not tell it had printed. */}
            {t(jobs.some((job) => job.reprint) ? 'reprinted' : 'printed', { name: salesPoint.name })}
          </Text>
        ) : print.isSuccess ? (
          <Alert color="red" variant="light" role="alert" p="xs">
            {t('printFailed', { error })}
          </Alert>
        ) : null}
        <Button
          variant="light"
          onClick={() => mutate({ orderId, locale, documents, receivedCents })}
          loading={print.isPending}
          data-testid="reprint"
        >
          {t('printAgain')}
        </Button>
      </Group>
    </>
  );
}

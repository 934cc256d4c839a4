import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  type ClaimedPrintJob,
  claimedPrintJobSchema,
  type PrinterStatus,
  type PrintingStatus,
  type PrintJobReport,
  printJobSchema,
} from '@/contract/printing';
import { type DevicePrinter, isDevicePrinter } from '@/contract/sales-points';
import { apiClient } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import { deviceSupported } from './device/device-support';
import { printingKeys } from './printing-queries';

/**
 * The seller's browser as the sender of its sales point's USB and serial printers (issue 31 item 2): the
 * gateway builds and keeps the jobs; this tab claims each queued one (a lease: two tabs never print it twice),
 * sends the bytes through WebUSB/WebSerial and reports the outcome. The sender module is imported only when
 * the sales point has such a printer, so the main bundle carries none of it.
 */

type DeviceSender = typeof import('./device/device-sender');
let senderLoading: Promise<DeviceSender> | null = null;
const loadSender = () => {
  senderLoading ??= import('./device/device-sender');
  return senderLoading;
};

/** What this browser can do with a USB or serial printer of the sales point. */
export type DeviceState = 'unsupported' | 'not-connected' | 'ready';

const deviceKeys = {
  granted: (printers: readonly DevicePrinter[]) => [...printingKeys.all, 'devices', printers] as const,
};

export const devicePrintersOf = (status: PrintingStatus | undefined): DevicePrinter[] =>
  (status?.printers ?? []).map((printer) => printer.settings).filter(isDevicePrinter);

/** The state of each of the sales point's USB and serial printers here, by role (none for network printers). */
export function useDeviceStates(status: PrintingStatus | undefined): Map<PrinterStatus['printer'], DeviceState> {
  const printers = devicePrintersOf(status);
  const granted = useQuery({
    queryKey: deviceKeys.granted(printers),
    queryFn: async () => {
      const sender = await loadSender();
      return Promise.all(printers.map((printer) => deviceSupported(printer) && sender.deviceGranted(printer)));
    },
    enabled: printers.some((printer) => deviceSupported(printer)),
  });
  const states = new Map<PrinterStatus['printer'], DeviceState>();
  for (const printer of status?.printers ?? []) {
    const { settings } = printer;
    if (!isDevicePrinter(settings)) continue;
    const index = printers.indexOf(settings);
    states.set(
      printer.printer,
      !deviceSupported(settings) ? 'unsupported' : granted.data?.[index] ? 'ready' : 'not-connected',
    );
  }
  return states;
}

/** The browser's device picker for the printer (on the seller's click), then its waiting jobs go. */
export function useConnectDevice() {
  const queryClient = useQueryClient();
  return async (printer: DevicePrinter) => {
    const sender = await loadSender();
    await sender.connectDevice(printer);
    await queryClient.invalidateQueries({ queryKey: printingKeys.all });
  };
}

const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));

const report = (jobId: number, body: PrintJobReport) =>
  apiClient.post(`/api/printing/jobs/${jobId}/report`, { schema: printJobSchema, body });

/** Claims the job and sends it to its device; false when another tab has it (or it went meanwhile). */
async function printOnDevice(jobId: number): Promise<boolean> {
  let claimed: ClaimedPrintJob;
  try {
    claimed = await apiClient.post(`/api/printing/jobs/${jobId}/claim`, { schema: claimedPrintJobSchema, body: {} });
  } catch (error) {
    if (isApiError(error) && error.kind === 'conflict') return false;
    throw error;
  }
  const { printer, lease } = claimed;
  if (!isDevicePrinter(printer)) return false;
  const sender = await loadSender();
  try {
    await sender.sendToDevice(printer, bytesOf(claimed.payload));
  } catch (error) {
    await report(jobId, { lease, outcome: 'failed', error: (error as Error).message || 'The printer failed.' });
    return true;
  }
  await report(jobId, { lease, outcome: 'sent' });
  return true;
}

/** Jobs this tab is sending, one after the other (a printer takes one job at a time). */
const underWay = new Set<number>();
let queue: Promise<unknown> = Promise.resolve();

/**
 * Sends the queued jobs of the sales point's USB and serial printers that this browser can reach, as soon as
 * the printing status shows them (at once after a print: the print invalidates it).
 */
export function useDevicePrinting(
  status: PrintingStatus | undefined,
  states: Map<PrinterStatus['printer'], DeviceState>,
) {
  const queryClient = useQueryClient();
  const waiting = (status?.jobs ?? [])
    .filter(
      (job) =>
        job.status === 'queued' &&
        job.connection !== 'network' &&
        states.get(job.printer) === 'ready' &&
        !underWay.has(job.id),
    )
    .map((job) => job.id)
    .sort((a, b) => a - b);
  const key = waiting.join(',');

  useEffect(() => {
    if (key === '') return;
    for (const jobId of key.split(',').map(Number)) {
      underWay.add(jobId);
      queue = queue
        .then(() => printOnDevice(jobId))
        .catch(() => undefined)
        .finally(() => {
          underWay.delete(jobId);
          void queryClient.invalidateQueries({ queryKey: printingKeys.status() });
        });
    }
  }, [key, queryClient]);
}

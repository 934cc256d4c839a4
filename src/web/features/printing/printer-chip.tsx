import { Badge, Button, Group, Popover, Stack, Text, Textarea, UnstyledButton } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Popover.css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PrinterStatus, PrintingStatus, PrintJob } from '@/contract/printing';
import { isDevicePrinter } from '@/contract/sales-points';
import { Dialog } from '../../components/dialog';
import { describeError } from '../../components/error-message';
import { appMessages } from '../../lib/app-messages';
import { formatTime } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { useCan } from '../../lib/use-can';
import { type DeviceState, useConnectDevice, useDevicePrinting, useDeviceStates } from './device-printing';
import { usePrinterErrorText } from './printer-error';
import { printingMessages } from './printing-messages';
import { printingQueries, useOpenDrawer, useRetryPrintJob } from './printing-queries';

type ChipState = 'ok' | 'busy' | 'failed' | 'out-of-paper' | 'not-connected' | 'idle';

/**
 * The sales point's printers in one word: the worst of them, as the seller must act on it (a USB or serial
 * printer this browser cannot reach, or has not been allowed to yet, is not connected).
 */
export function chipStateOf(status: PrintingStatus, devices: ReadonlyMap<string, DeviceState> = new Map()): ChipState {
  if ([...devices.values()].some((state) => state !== 'ready')) return 'not-connected';
  if (status.printers.some((printer) => printer.outOfPaper)) return 'out-of-paper';
  if (status.printers.some((printer) => printer.state === 'failed')) return 'failed';
  if (status.printers.some((printer) => printer.state === 'busy')) return 'busy';
  if (status.printers.some((printer) => printer.state === 'ok')) return 'ok';
  return 'idle';
}

/** A dot (body-coloured text) while all is well; white on red.9 (over 5:1) when the seller must act. */
const CHIP_COLORS: Record<ChipState, string> = {
  ok: 'teal',
  busy: 'blue',
  failed: 'red.9',
  'out-of-paper': 'red.9',
  'not-connected': 'red.9',
  idle: 'gray',
};

function JobLine({ job }: { job: PrintJob }) {
  const t = useMessages(printingMessages);
  const printerError = usePrinterErrorText();
  const app = useMessages(appMessages);
  const { locale } = useLocale();
  const retry = useRetryPrintJob();
  return (
    <Stack gap={2} data-testid="print-job">
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text size="sm">
          {formatTime(new Date(job.createdAt), locale)} · {t(`kind_${job.kind}`)}
          {job.orderId !== null ? ` · ${t('order', { id: job.orderId })}` : ''}
          {job.reprint ? ` · ${t('reprint')}` : ''} — {/* A drawer is opened, not printed. */}
          {job.kind === 'drawer' && job.status === 'sent' ? t('status_opened') : t(`status_${job.status}`)}
        </Text>
        {job.status === 'failed' ? (
          <Button
            size="compact-xs"
            variant="light"
            loading={retry.isPending}
            onClick={() => retry.mutate(job.id)}
            data-testid="print-job-retry"
          >
            {t('retry')}
          </Button>
        ) : null}
      </Group>
      {job.error ? (
        <Text size="xs" c="var(--mantine-color-error)">
          {printerError(job.error)}
        </Text>
      ) : null}
      {retry.isError ? (
        <Text size="xs" c="var(--mantine-color-error)" role="alert">
          {describeError(retry.error, app)}
        </Text>
      ) : null}
    </Stack>
  );
}

/** What this browser can do with a USB or serial printer: its hint, and the device picker to allow it. */
function DeviceLine({ printer, state }: { printer: PrinterStatus; state: DeviceState }) {
  const t = useMessages(printingMessages);
  const connect = useConnectDevice();
  const [error, setError] = useState<string | null>(null);
  if (state === 'ready' || !isDevicePrinter(printer.settings)) return null;
  const { settings } = printer;
  if (state === 'unsupported') {
    return (
      <Text size="xs" c="var(--mantine-color-error)" data-testid="device-unsupported">
        {t('deviceUnsupported')}
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      <Text size="xs">{t('deviceNotConnected')}</Text>
      <Button
        size="compact-sm"
        variant="light"
        onClick={() => {
          setError(null);
          connect(settings).catch((failure: Error) => setError(failure.message));
        }}
        data-testid="device-connect"
      >
        {t('deviceConnect')}
      </Button>
      {error ? (
        <Text size="xs" c="var(--mantine-color-error)" role="alert">
          {t('deviceConnectFailed', { error })}
        </Text>
      ) : null}
    </Stack>
  );
}

function NoSaleDialog({ onClose }: { onClose: () => void }) {
  const t = useMessages(printingMessages);
  const app = useMessages(appMessages);
  const openDrawer = useOpenDrawer();
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <Dialog opened onClose={onClose} title={t('noSaleTitle')} closeButtonProps={{ 'aria-label': t('cancel') }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!note.trim()) {
            setMissing(true);
            return;
          }
          openDrawer.mutate({ reason: 'no-sale', note: note.trim() }, { onSuccess: onClose });
        }}
      >
        <Stack gap="md">
          <Textarea
            label={t('noSaleReason')}
            description={t('noSaleReasonHint')}
            required
            data-autofocus
            maxLength={200}
            value={note}
            onChange={(event) => {
              setNote(event.currentTarget.value);
              setMissing(false);
            }}
            error={missing ? t('noSaleReasonRequired') : undefined}
            data-testid="no-sale-reason"
          />
          {openDrawer.isError ? (
            <Text c="var(--mantine-color-error)" size="sm" role="alert">
              {describeError(openDrawer.error, app)}
            </Text>
          ) : null}
          <Group gap="sm">
            <Button type="submit" loading={openDrawer.isPending} data-testid="no-sale-submit">
              {t('openDrawer')}
            </Button>
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

/**
 * The printers of the seller's sales point at a glance, at the top of the box office: ready, printing, failed
 * or out of paper, read every few seconds (at once after a print). Opened: each printer, the latest jobs with
 * a retry for a failed one, and "no sale". Nothing when the seller's shift is at no sales point. It is also
 * where this browser sends the jobs of the sales point's USB and serial printers (device-printing.ts), and
 * where the seller allows such a printer once.
 */
export function PrinterChip() {
  const t = useMessages(printingMessages);
  const printerError = usePrinterErrorText();
  const status = useQuery(printingQueries.status());
  const mayOpenDrawer = useCan('sales:no-sale');
  const [noSale, setNoSale] = useState(false);
  const data = status.data;
  const devices = useDeviceStates(data);
  useDevicePrinting(data, devices);
  if (!data?.salesPoint) return null;
  const { salesPoint } = data;
  const state = chipStateOf(data, devices);
  const label =
    state === 'not-connected'
      ? t('chipNotConnected')
      : state === 'out-of-paper'
        ? t('chipOutOfPaper')
        : state === 'failed'
          ? t('chipFailed')
          : state === 'busy'
            ? t('chipBusy')
            : state === 'ok'
              ? t('chipOk')
              : t('chipIdle');
  return (
    <>
      <Popover position="bottom-end" withArrow shadow="md" width={380}>
        <Popover.Target>
          <UnstyledButton aria-label={`${t('chipLabel', { name: salesPoint.name })}: ${label}`}>
            <Badge
              size="lg"
              variant={state === 'failed' || state === 'out-of-paper' || state === 'not-connected' ? 'filled' : 'dot'}
              tt="none"
              color={CHIP_COLORS[state]}
              data-testid="printer-chip"
              data-state={state}
            >
              <span aria-live="polite">{`${salesPoint.name} · ${label}`}</span>
            </Badge>
          </UnstyledButton>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="sm">
            {data.printers.map((printer) => (
              <div key={printer.printer}>
                <Text size="sm" fw={600}>
                  {printer.printer === 'receipt' ? t('printerReceipt') : t('printerTicket')} · {printer.address}
                </Text>
                <Text size="xs" c={printer.state === 'failed' ? 'red' : 'dimmed'}>
                  {t(
                    printer.state === 'ok'
                      ? 'stateOk'
                      : printer.state === 'failed'
                        ? 'stateFailed'
                        : printer.state === 'busy'
                          ? 'stateBusy'
                          : 'stateIdle',
                  )}
                  {printer.error ? `: ${printerError(printer.error)}` : ''}
                </Text>
                {devices.has(printer.printer) ? (
                  <DeviceLine printer={printer} state={devices.get(printer.printer) as DeviceState} />
                ) : null}
              </div>
            ))}
            <Text size="sm" fw={600}>
              {t('recentJobs')}
            </Text>
            {data.jobs.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('noJobs')}
              </Text>
            ) : (
              data.jobs.map((job) => <JobLine key={job.id} job={job} />)
            )}
            {mayOpenDrawer && salesPoint.cashDrawer ? (
              <Button variant="default" onClick={() => setNoSale(true)} data-testid="no-sale">
                {t('noSale')}
              </Button>
            ) : null}
          </Stack>
        </Popover.Dropdown>
      </Popover>
      {noSale ? <NoSaleDialog onClose={() => setNoSale(false)} /> : null}
    </>
  );
}

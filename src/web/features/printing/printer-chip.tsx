import { Badge, Button, Group, Modal, Popover, Stack, Text, Textarea, UnstyledButton } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Popover.css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PrintingStatus, PrintJob } from '@/contract/printing';
import { describeError } from '../../components/error-message';
import { appMessages } from '../../lib/app-messages';
import { formatTime } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { useCan } from '../../lib/use-can';
import { printingMessages } from './printing-messages';
import { printingQueries, useOpenDrawer, useRetryPrintJob } from './printing-queries';

type ChipState = 'ok' | 'busy' | 'failed' | 'out-of-paper' | 'idle';

/** The sales point's printers in one word: the worst of them, as the seller must act on it. */
export function chipStateOf(status: PrintingStatus): ChipState {
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
  idle: 'gray',
};

function JobLine({ job }: { job: PrintJob }) {
  const t = useMessages(printingMessages);
  const app = useMessages(appMessages);
  const { locale } = useLocale();
  const retry = useRetryPrintJob();
  return (
    <Stack gap={2} data-testid="print-job">
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text size="sm">
          {formatTime(new Date(job.createdAt), locale)} · {t(`kind_${job.kind}`)}
          {job.orderId !== null ? ` · ${t('order', { id: job.orderId })}` : ''}
          {job.reprint ? ` · ${t('reprint')}` : ''} — {t(`status_${job.status}`)}
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
        <Text size="xs" c="red">
          {job.error}
        </Text>
      ) : null}
      {retry.isError ? (
        <Text size="xs" c="red" role="alert">
          {describeError(retry.error, app)}
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
    <Modal opened onClose={onClose} title={t('noSaleTitle')} closeButtonProps={{ 'aria-label': t('cancel') }}>
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
            <Text c="red" size="sm" role="alert">
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
    </Modal>
  );
}

/**
 * The printers of the seller's sales point at a glance, at the top of the box office: ready, printing, failed
 * or out of paper, read every few seconds (at once after a print). Opened: each printer, the latest jobs with
 * a retry for a failed one, and "no sale". Nothing when the seller's shift is at no sales point.
 */
export function PrinterChip() {
  const t = useMessages(printingMessages);
  const status = useQuery(printingQueries.status());
  const mayOpenDrawer = useCan('sales:no-sale');
  const [noSale, setNoSale] = useState(false);
  const data = status.data;
  if (!data?.salesPoint) return null;
  const { salesPoint } = data;
  const state = chipStateOf(data);
  const label =
    state === 'out-of-paper'
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
              variant={state === 'failed' || state === 'out-of-paper' ? 'filled' : 'dot'}
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
                  {printer.error ? `: ${printer.error}` : ''}
                </Text>
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

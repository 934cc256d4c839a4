import { Alert, Anchor, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/FloatingIndicator.css';
import { Link } from 'react-router';
import type { PrintRecord } from '@/contract/desk';
import { describeError } from '../../components/error-message';
import { appMessages } from '../../lib/app-messages';
import { useMessages } from '../../lib/i18n';
import { deskMessages } from './desk-messages';
import type { PrintKind, PrintLayout } from './print-model';

interface PrintToolbarProps {
  orderId: number;
  kind: PrintKind;
  layout: PrintLayout;
  onChoose: (next: { kind?: PrintKind; layout?: PrintLayout }) => void;
  onPrint: () => void;
  recording: boolean;
  printable: boolean;
  /** The last recorded print of this kind and layout; null until one is. */
  record: PrintRecord | null;
  recordError: unknown;
}

/** The print page's controls, on screen only: back to the order, kind and layout, Print and its outcome. */
export function PrintToolbar(props: PrintToolbarProps) {
  const { orderId, kind, layout, onChoose, onPrint, recording, printable, record, recordError } = props;
  const t = useMessages(deskMessages);
  const tApp = useMessages(appMessages);
  return (
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
            onChange={(value) => onChoose({ kind: value as PrintKind })}
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
            onChange={(value) => onChoose({ layout: value as PrintLayout })}
            data={[
              { value: 'a4', label: t('layoutA4') },
              { value: '80mm', label: t('layout80mm') },
            ]}
          />
        </div>
        <Button onClick={onPrint} loading={recording} disabled={!printable} data-testid="print-button">
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
  );
}

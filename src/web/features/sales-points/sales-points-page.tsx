import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Table.css';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type Printer, printerAddress, type SalesPoint } from '@/contract/sales-points';
import { describeError } from '../../components/error-message';
import { EmptyState, ErrorState } from '../../components/page-states';
import { appMessages } from '../../lib/app-messages';
import { useMessages } from '../../lib/i18n';
import { ScreensButton } from '../display/public';
import { SalesPointDialog } from './sales-point-dialog';
import { salesPointQueries, useSetSalesPointEnabled } from './sales-point-queries';
import { salesPointsMessages } from './sales-points-messages';

const printerText = (printer: Printer | null, none: string) =>
  printer
    ? `${printerAddress(printer)} · ${printer.paperWidth} mm · ${printer.language === 'esc-pos' ? 'ESC/POS' : 'Star'}`
    : none;

/** `/sales-points`: the organisation's sales points, made and changed in a dialog, enabled and disabled. */
export function SalesPointsPage() {
  const t = useMessages(salesPointsMessages);
  const app = useMessages(appMessages);
  const list = useQuery(salesPointQueries.list());
  const setEnabled = useSetSalesPointEnabled();
  const [search, setSearch] = useSearchParams();
  const [editing, setEditing] = useState<SalesPoint | null>(null);
  // `?new=1` opens the dialog for a new one (the command palette's "new sales point").
  const creating = search.get('new') === '1';
  const closeDialog = () => {
    setEditing(null);
    if (creating) setSearch({}, { replace: true });
  };

  let content: ReactNode;
  if (list.isPending) content = <Skeleton height={160} />;
  else if (list.isError) content = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.salesPoints.length === 0)
    content = (
      <EmptyState title={t('empty')} action={<Button onClick={() => setSearch({ new: '1' })}>{t('add')}</Button>} />
    );
  else
    content = (
      <Table.ScrollContainer minWidth={760}>
        <Table striped highlightOnHover data-testid="sales-points-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('colName')}</Table.Th>
              <Table.Th scope="col">{t('colPrinters')}</Table.Th>
              <Table.Th scope="col">{t('colDrawer')}</Table.Th>
              <Table.Th scope="col">{t('colRange')}</Table.Th>
              <Table.Th scope="col">{t('colState')}</Table.Th>
              <Table.Th scope="col">{t('colActions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.salesPoints.map((point) => (
              <Table.Tr key={point.id} data-testid="sales-point-row">
                <Table.Th scope="row">{point.name}</Table.Th>
                <Table.Td>
                  <Text size="sm">
                    {t('receipt')}: {printerText(point.receiptPrinter, t('none'))}
                  </Text>
                  <Text size="sm">
                    {t('ticket')}: {printerText(point.ticketPrinter, t('none'))}
                  </Text>
                </Table.Td>
                <Table.Td>{point.cashDrawer ? t('yes') : t('no')}</Table.Td>
                <Table.Td>{point.allowedRange ?? t('anywhere')}</Table.Td>
                <Table.Td>
                  {/* "dot": the text keeps the body colour (full contrast); the dot carries the state. Its label
                      never shrinks: the table gave it the room of "In g…" beside the printers and buttons. */}
                  <Badge
                    color={point.enabled ? 'teal' : 'gray'}
                    variant="dot"
                    tt="none"
                    styles={{ label: { overflow: 'visible' } }}
                  >
                    {point.enabled ? t('enabled') : t('disabled')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="compact-sm"
                      variant="light"
                      aria-label={t('editLabel', { name: point.name })}
                      onClick={() => setEditing(point)}
                    >
                      {t('edit')}
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="default"
                      loading={setEnabled.isPending && setEnabled.variables?.id === point.id}
                      onClick={() => setEnabled.mutate({ id: point.id, enabled: !point.enabled })}
                    >
                      {point.enabled ? t('disable') : t('enable')}
                    </Button>
                    <ScreensButton salesPoint={point} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>{t('title')}</Title>
          <Text size="sm" c="dimmed" maw={720}>
            {t('intro')}
          </Text>
        </Stack>
        <Button onClick={() => setSearch({ new: '1' })} data-testid="sales-point-add">
          {t('add')}
        </Button>
      </Group>
      {setEnabled.isError ? (
        <Alert color="red" variant="light" role="alert">
          {describeError(setEnabled.error, app)}
        </Alert>
      ) : null}
      <Paper withBorder radius="md" p="md">
        {content}
      </Paper>
      {creating || editing ? <SalesPointDialog point={editing} onClose={closeDialog} /> : null}
    </Stack>
  );
}

import { Alert, Button, Skeleton, Stack, Table, Text } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Table.css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog } from '../../components/dialog';
import { describeError } from '../../components/error-message';
import { ErrorState } from '../../components/page-states';
import { appMessages } from '../../lib/app-messages';
import { formatDateTime } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { displayMessages } from './display-messages';
import { displayQueries, useRevokeDisplay } from './display-queries';
import { PairingCodePanel } from './pairing-code-panel';

/**
 * A sales point's buyer's screens (its settings): a pairing code to pair another, the paired ones with when
 * they were last seen, each revocable.
 */
function ScreensDialog({ salesPoint, onClose }: { salesPoint: { id: number; name: string }; onClose: () => void }) {
  const t = useMessages(displayMessages);
  const app = useMessages(appMessages);
  const { locale } = useLocale();
  const list = useQuery(displayQueries.ofSalesPoint(salesPoint.id));
  const revoke = useRevokeDisplay(salesPoint.id);
  return (
    <Dialog
      opened
      onClose={onClose}
      title={t('screensTitle', { name: salesPoint.name })}
      size="lg"
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <Stack gap="md">
        <PairingCodePanel salesPointId={salesPoint.id} />
        {revoke.isError ? (
          <Alert color="red" variant="light" role="alert">
            {describeError(revoke.error, app)}
          </Alert>
        ) : null}
        {list.isPending ? (
          <Skeleton height={80} />
        ) : list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.displays.length === 0 ? (
          <Text size="sm">{t('noScreens')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table data-testid="paired-displays">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('device')}</Table.Th>
                  <Table.Th scope="col">{t('pairedAt')}</Table.Th>
                  <Table.Th scope="col">{t('lastSeen')}</Table.Th>
                  <Table.Th scope="col">{t('pairedBy')}</Table.Th>
                  <Table.Th scope="col">
                    <span className="foyer-visually-hidden">{t('revoke')}</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.displays.map((display) => (
                  <Table.Tr key={display.id}>
                    <Table.Td>
                      <Text size="sm" lineClamp={2} title={display.userAgent ?? undefined}>
                        {display.address ?? ''} {display.userAgent ?? ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatDateTime(display.pairedAt, locale)}</Table.Td>
                    <Table.Td>{formatDateTime(display.lastSeenAt, locale)}</Table.Td>
                    <Table.Td>{display.pairedBy ?? ''}</Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-sm"
                        variant="default"
                        aria-label={t('revokeLabel', { id: display.id })}
                        loading={revoke.isPending && revoke.variables === display.id}
                        onClick={() => revoke.mutate(display.id)}
                      >
                        {t('revoke')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Dialog>
  );
}

/** The sales points' settings' button for a sales point's screens (and the dialog it opens). */
export function ScreensButton({ salesPoint }: { salesPoint: { id: number; name: string } }) {
  const t = useMessages(displayMessages);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="compact-sm"
        variant="default"
        aria-label={t('screensLabel', { name: salesPoint.name })}
        onClick={() => setOpen(true)}
        data-testid="sales-point-screens"
      >
        {t('screens')}
      </Button>
      {open ? <ScreensDialog salesPoint={salesPoint} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

import { Anchor, Paper, Skeleton, Stack, Table, Title } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Skeleton.css';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState, ErrorState } from '../../components/page-states';
import { useMessages } from '../../lib/i18n';
import { hallQueries } from '../../lib/queries/hall-queries';
import { eventsMessages } from './events-messages';
import { hallAddress } from './hall-address';

export function HallsListPage() {
  const t = useMessages(eventsMessages);
  const halls = useQuery(hallQueries.list());
  return (
    <Stack gap="lg" maw={1000}>
      <Title order={1}>{t('hallsTitle')}</Title>
      {halls.isError ? (
        <ErrorState error={halls.error} onRetry={() => void halls.refetch()} />
      ) : !halls.data ? (
        <Stack gap="xs" aria-hidden="true">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} h={36} />
          ))}
        </Stack>
      ) : halls.data.length === 0 ? (
        <Paper withBorder radius="md">
          <EmptyState title={t('noHalls')} />
        </Paper>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={560}>
            <Table highlightOnHover data-testid="halls-table">
              <caption className="foyer-visually-hidden">{t('hallsTitle')}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('hall')}</Table.Th>
                  <Table.Th scope="col">{t('hallAddress')}</Table.Th>
                  <Table.Th scope="col">{t('hallPhone')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {halls.data.map((hall) => (
                  <Table.Tr key={hall.hallId} data-testid="hall-row">
                    <Table.Td>
                      <Anchor component={Link} to={`/halls/${hall.hallId}`} fw={600}>
                        {hall.hallName}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{hallAddress(hall)}</Table.Td>
                    <Table.Td>{hall.hallPhone}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}

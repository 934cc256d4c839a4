import { Anchor, Button, Group, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Table.css';
import { Link } from 'react-router';
import { formatDateTime, formatMoney, formatNumber, formatPercent } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { performanceLabel } from '../../lib/performance-label';
import { useCan } from '../../lib/use-can';
import type { PerformanceOccupancy } from './occupancy';
import { occupancyMessages } from './occupancy-messages';

/** A link to the event's page, or its name alone for a role that sees occupancy but not the events (reports only). */
function EventName({ eventId, name, fw }: { eventId: number; name: string; fw?: number }) {
  const mayOpen = useCan('events:read');
  return mayOpen ? (
    <Anchor component={Link} to={`/events/${eventId}`} fw={fw} size="sm">
      {name}
    </Anchor>
  ) : (
    <Text component="span" fw={fw} size="sm">
      {name}
    </Text>
  );
}

export function RankedList({ title, id, items }: { title: string; id: string; items: PerformanceOccupancy[] }) {
  const t = useMessages(occupancyMessages);
  const { locale } = useLocale();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id} data-testid={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      <Stack component="ol" gap="sm" className="foyer-plain-list">
        {items.map((item) => (
          <li key={item.event.eventId} data-testid="ranked-performance" data-event-id={item.event.eventId}>
            <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
              <div style={{ minWidth: 0 }}>
                <EventName eventId={item.event.eventId} name={item.event.eventName} fw={600} />
                <Text size="xs" c="dimmed">
                  <time dateTime={item.event.start}>{formatDateTime(item.event.start, locale)}</time>
                  {' · '}
                  {t('soldOfCapacity', {
                    sold: formatNumber(item.sold, locale),
                    capacity: formatNumber(item.capacity, locale),
                  })}
                </Text>
              </div>
              <Text fw={700} className="foyer-tabular" data-testid="ranked-share">
                {formatPercent(item.share, locale)}
              </Text>
            </Group>
            <Progress value={item.share * 100} size="sm" radius="xl" color="indigo.6" aria-hidden="true" />
          </li>
        ))}
      </Stack>
    </Paper>
  );
}

export function OccupancyTable({
  items,
  onDetails,
}: {
  items: readonly PerformanceOccupancy[];
  onDetails: (eventId: number) => void;
}) {
  const t = useMessages(occupancyMessages);
  const { locale } = useLocale();
  const number = (value: number) => formatNumber(value, locale);
  return (
    <Table.ScrollContainer minWidth={900} type="native">
      <Table striped verticalSpacing={6} data-testid="occupancy-table">
        <caption className="foyer-visually-hidden">{t('chartTitle')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('columnWhen')}</Table.Th>
            <Table.Th scope="col">{t('columnPerformance')}</Table.Th>
            <Table.Th scope="col" ta="right" title={t('takenHint')}>
              {t('sold')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('blocked')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('capacity')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('occupancy')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('columnTickets')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('columnRevenue')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('columnWaiting')}
            </Table.Th>
            <Table.Th scope="col">
              <span className="foyer-visually-hidden">{t('details')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.event.eventId}>
              <Table.Td className="foyer-tabular" style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(item.event.start, locale)}
              </Table.Td>
              <Table.Td>
                <EventName eventId={item.event.eventId} name={item.event.eventName} />
              </Table.Td>
              <Table.Td ta="right" className="foyer-tabular">
                {number(item.sold)}
              </Table.Td>
              <Table.Td ta="right" className="foyer-tabular">
                {number(item.blocked)}
              </Table.Td>
              <Table.Td ta="right" className="foyer-tabular">
                {number(item.capacity)}
              </Table.Td>
              <Table.Td ta="right" className="foyer-tabular" fw={600}>
                {formatPercent(item.share, locale)}
              </Table.Td>
              <Table.Td ta="right" className="foyer-tabular">
                {number(item.event.ticketsSold)}
              </Table.Td>
              <Table.Td ta="right" className="foyer-tabular">
                {formatMoney(item.event.revenueCents / 100, locale)}
              </Table.Td>
              <Table.Td ta="right" className="foyer-tabular">
                {number(item.event.waiting.waiting)}
              </Table.Td>
              <Table.Td>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => onDetails(item.event.eventId)}
                  aria-label={t('detailsFor', { name: performanceLabel(item.event, locale) })}
                >
                  {t('details')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

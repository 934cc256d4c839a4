import { Anchor, Table, Text } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { Link } from 'react-router';
import { formatDateTime, formatMoney, formatNumber } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import type { OrderSeat } from '../../lib/schemas/order';
import type { PartnerEvent } from '../../lib/schemas/partner-event';
import { useCan } from '../../lib/use-can';
import { orderPageMessages } from './order-page-messages';
import { ordersMessages } from './orders-messages';

export function SeatsTable({
  seats,
  caption,
  testId,
  events,
}: {
  seats: readonly OrderSeat[];
  caption: string;
  testId: string;
  events: ReadonlyMap<number, PartnerEvent>;
}) {
  const t = useMessages(orderPageMessages);
  const ts = useMessages(ordersMessages);
  const mayOpenEvents = useCan('events:read');
  const { locale } = useLocale();
  const rankName = (seat: OrderSeat) =>
    events.get(seat.eventId)?.prices.find((price) => price.rankId === seat.rankId && price.rankName)?.rankName ??
    t('rankFallback', { id: seat.rankId });
  const total = seats.reduce((sum, seat) => sum + seat.amount, 0);
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" data-testid={testId}>
        <caption className="foyer-visually-hidden">{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('seatEvent')}</Table.Th>
            <Table.Th scope="col">{t('seatRank')}</Table.Th>
            <Table.Th scope="col">{t('seatRow')}</Table.Th>
            <Table.Th scope="col">{t('seatNumber')}</Table.Th>
            <Table.Th scope="col">{t('seatPriceName')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('seatPrice')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {seats.map((seat) => {
            const event = events.get(seat.eventId);
            const unreserved = seat.rowNr === 0 && seat.seatNr === 0;
            return (
              <Table.Tr key={`${seat.seatId}-${seat.eventId}`} data-testid="seat-row" data-seat-id={seat.seatId}>
                <Table.Td>
                  {mayOpenEvents ? (
                    <Anchor component={Link} to={`/events/${seat.eventId}`} size="sm">
                      {event?.eventName ?? ts('eventFallback', { id: seat.eventId })}
                    </Anchor>
                  ) : (
                    <Text size="sm">{event?.eventName ?? ts('eventFallback', { id: seat.eventId })}</Text>
                  )}
                  {event ? (
                    <Text size="xs" c="dimmed">
                      {formatDateTime(event.start, locale)}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{rankName(seat)}</Table.Td>
                <Table.Td className="foyer-tabular">{unreserved ? t('generalAdmission') : seat.rowNr}</Table.Td>
                <Table.Td className="foyer-tabular">{unreserved ? '–' : seat.seatNr}</Table.Td>
                <Table.Td>{seat.priceName || '–'}</Table.Td>
                <Table.Td ta="right" className="foyer-tabular foyer-nowrap">
                  {formatMoney(seat.amount, locale)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" colSpan={5}>
              {t('seatsTotal')} ({formatNumber(seats.length, locale)})
            </Table.Th>
            <Table.Td ta="right" fw={600} className="foyer-tabular foyer-nowrap">
              {formatMoney(total, locale)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

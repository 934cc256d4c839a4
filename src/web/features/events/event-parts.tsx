import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import { Link } from 'react-router';
import { EVENT_TYPES } from '../../lib/event-type';
import { formatDate, formatTime } from '../../lib/format';
import { useLocale, useLocalized, useMessages } from '../../lib/i18n';
import type { PartnerEvent } from '../../lib/schemas/partner-event';
import { eventsMessages } from './events-messages';

/** Badges never cut their text short: a narrow table column wraps around them instead. */
const WHOLE_LABEL = { label: { overflow: 'visible' } } as const;

/**
 * The event type as a badge, with the label of spec 2.8's type; an unknown type is shown as sent, and no
 * type (null) as a dash.
 */
export function EventTypeBadge({ type }: { type: string | null }) {
  const localized = useLocalized();
  if (!type) {
    return (
      <Text span size="sm" c="dimmed" data-testid="event-type" data-type="">
        –
      </Text>
    );
  }
  const known = EVENT_TYPES[type];
  return (
    <Badge
      variant="light"
      color={known?.color ?? 'gray'}
      // The tint tells the types apart; the text keeps the page's own colour, as orange or yellow text on
      // its light tint falls short of WCAG AA contrast.
      c="var(--mantine-color-text)"
      size="sm"
      styles={WHOLE_LABEL}
      data-testid="event-type"
      data-type={type}
    >
      {known ? localized(known.label) : type}
    </Badge>
  );
}

export function EventTags({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <Group gap={4}>
      {tags.map((tag) => (
        <Badge key={tag} variant="outline" color="gray" size="xs" tt="none" styles={WHOLE_LABEL}>
          {tag}
        </Badge>
      ))}
    </Group>
  );
}

export interface EventColumns {
  showDate: boolean;
  showProduction: boolean;
  showHall: boolean;
}

/**
 * A table of events, each name a link to its page. `hallName`/`productionName` resolve ids to names (the
 * list endpoint sends only ids); `extra` adds a trailing cell, e.g. availability on a production page.
 */
export function EventsTable({
  events,
  caption,
  columns,
  hallName,
  productionName,
  extra,
}: {
  events: readonly PartnerEvent[];
  caption: string;
  columns: EventColumns;
  hallName: (hallId: number) => string;
  productionName?: (event: PartnerEvent) => string | undefined;
  extra?: { header: string; cell: (event: PartnerEvent) => React.ReactNode };
}) {
  const t = useMessages(eventsMessages);
  const { locale } = useLocale();
  // Native overflow: a long list has a table per day, and a ScrollArea for each would cost a lot. Narrower than
  // this the table scrolls in its own box: at 640 px the fixed columns left the name some 50 px, a word a line.
  return (
    <Table.ScrollContainer minWidth={800} type="native">
      {/* Fixed layout: the tables of one list (one per day or production) line their columns up. */}
      <Table highlightOnHover verticalSpacing="xs" layout="fixed" data-testid="events-table">
        <caption className="foyer-visually-hidden">{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={columns.showDate ? 190 : 130}>
              {t('columnWhen')}
            </Table.Th>
            <Table.Th scope="col">{t('columnName')}</Table.Th>
            {columns.showProduction ? (
              <Table.Th scope="col" w="22%">
                {t('columnProduction')}
              </Table.Th>
            ) : null}
            <Table.Th scope="col" w={130}>
              {t('columnType')}
            </Table.Th>
            {columns.showHall ? (
              <Table.Th scope="col" w="15%">
                {t('columnHall')}
              </Table.Th>
            ) : null}
            <Table.Th scope="col" w="15%">
              {t('columnTags')}
            </Table.Th>
            {extra ? (
              <Table.Th scope="col" w="17%">
                {extra.header}
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => (
            <Table.Tr key={event.eventId} data-testid="event-row" data-event-id={event.eventId}>
              <Table.Td className="foyer-tabular" style={{ whiteSpace: 'nowrap' }}>
                <time dateTime={event.start}>
                  {columns.showDate ? `${formatDate(event.start, locale)} ` : ''}
                  {formatTime(event.start, locale)}
                </time>
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/events/${event.eventId}`} fw={600}>
                  {event.eventName}
                </Anchor>
              </Table.Td>
              {columns.showProduction ? (
                <Table.Td>
                  <Anchor component={Link} to={`/productions/${event.productionId}`} size="sm">
                    {productionName?.(event) ?? t('production', { id: event.productionId })}
                  </Anchor>
                </Table.Td>
              ) : null}
              <Table.Td>
                <EventTypeBadge type={event.eventType} />
              </Table.Td>
              {columns.showHall ? (
                <Table.Td>
                  <Anchor component={Link} to={`/halls/${event.hallId}`} size="sm">
                    {hallName(event.hallId)}
                  </Anchor>
                </Table.Td>
              ) : null}
              <Table.Td>
                <EventTags tags={event.eventTags} />
              </Table.Td>
              {extra ? <Table.Td>{extra.cell(event)}</Table.Td> : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

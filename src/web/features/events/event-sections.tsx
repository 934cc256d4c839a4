import { Box, Group, Progress, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Table.css';
import { memo, useMemo } from 'react';
import { SectionCard } from '../../components/section-card';
import { type CapacityBreakdown, capacityBreakdown } from '../../lib/capacity';
import { formatMoney, formatNumber, formatPercent } from '../../lib/format';
import { useLocale, useLocalized, useMessages } from '../../lib/i18n';
import type { PartnerEvent } from '../../lib/schemas/partner-event';
import { BLOCK_TYPES, blockLabel, UNKNOWN_BLOCK_COLOR } from './block-types';
import { eventsMessages } from './events-messages';
import { buildPriceMatrix } from './price-matrix';

const SOLD_COLOR = 'indigo.6';
const AVAILABLE_COLOR = 'teal.5';

function PriceMatrixTable({ event }: { event: PartnerEvent }) {
  const t = useMessages(eventsMessages);
  const { locale } = useLocale();
  const matrix = useMemo(
    () =>
      buildPriceMatrix(
        event.prices,
        { fallbackPriceName: t('standardPrice'), rankLabel: (id) => t('rankFallback', { id: id ?? '?' }) },
        new Map((event.availability ?? []).map((rank) => [rank.rankId, rank.rankName])),
      ),
    [event, t],
  );
  if (matrix.rows.length === 0) return <Text c="dimmed">{t('noPrices')}</Text>;
  return (
    <Table.ScrollContainer minWidth={320} type="native">
      <Table withTableBorder withColumnBorders data-testid="price-matrix">
        <caption className="foyer-visually-hidden">{t('prices')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('priceName')}</Table.Th>
            {matrix.ranks.map((rank) => (
              <Table.Th key={`${rank.rankId}-${rank.rankName}`} scope="col" ta="right">
                {rank.rankName}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {matrix.rows.map((row) => (
            <Table.Tr key={row.priceName} data-testid="price-row">
              <Table.Th scope="row" fw={500}>
                {row.priceName}
              </Table.Th>
              {row.amounts.map((amount, index) => (
                <Table.Td
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional, one per rank column
                  key={index}
                  ta="right"
                  className="foyer-tabular"
                  data-testid="price-cell"
                  data-amount={amount ?? ''}
                >
                  {amount === null ? '–' : formatMoney(amount, locale)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RankAvailability({ event }: { event: PartnerEvent }) {
  const t = useMessages(eventsMessages);
  const { locale } = useLocale();
  if (!event.availability || event.availability.length === 0) return <Text c="dimmed">{t('noAvailability')}</Text>;
  return (
    <Stack gap="sm" component="ul" className="foyer-plain-list">
      {event.availability.map((rank) => {
        const fraction = rank.capacity > 0 ? rank.available / rank.capacity : 0;
        return (
          <li key={rank.rankId} data-testid="rank-availability">
            <Group justify="space-between" gap="xs" mb={4}>
              <Text size="sm" fw={500}>
                {rank.rankName || t('rankFallback', { id: rank.rankId })}
              </Text>
              <Text size="sm" className="foyer-tabular">
                {t('availableOfCapacity', {
                  available: formatNumber(rank.available, locale),
                  capacity: formatNumber(rank.capacity, locale),
                })}
              </Text>
            </Group>
            <Progress value={fraction * 100} color={AVAILABLE_COLOR} size="md" radius="xl" aria-hidden="true" />
          </li>
        );
      })}
    </Stack>
  );
}

function CapacityBar({ breakdown }: { breakdown: CapacityBreakdown }) {
  const t = useMessages(eventsMessages);
  const { locale } = useLocale();
  const localized = useLocalized();
  const { capacity } = breakdown;
  const share = (count: number) => (capacity > 0 ? (count / capacity) * 100 : 0);
  const segments = [
    { key: 'sold', label: t('sold'), count: breakdown.sold, color: SOLD_COLOR },
    ...breakdown.blocks.map((block) => {
      const known = BLOCK_TYPES[block.blockType];
      return {
        key: `block-${block.blockType}`,
        label: blockLabel(block.blockName || block.blockType, known ? localized(known.meaning) : t('unknownMeaning')),
        count: block.count,
        color: known?.color ?? UNKNOWN_BLOCK_COLOR,
      };
    }),
    { key: 'available', label: t('available'), count: breakdown.available, color: AVAILABLE_COLOR },
  ].filter((segment) => segment.count > 0);
  return (
    <Stack gap="xs" data-testid="capacity-bar">
      <Text size="sm" className="foyer-tabular" data-testid="capacity-summary">
        {t('capacitySummary', {
          sold: formatNumber(breakdown.sold, locale),
          blocked: formatNumber(breakdown.blocked, locale),
          available: formatNumber(breakdown.available, locale),
          capacity: formatNumber(capacity, locale),
        })}
      </Text>
      {/* The summary above and the legend below say it in words; the bar is for the eye. */}
      <Progress.Root size={20} radius="sm" aria-hidden="true">
        {segments.map((segment) => (
          <Progress.Section key={segment.key} value={share(segment.count)} color={segment.color} />
        ))}
      </Progress.Root>
      <Group gap="md" component="ul" className="foyer-plain-list" wrap="wrap">
        {segments.map((segment) => (
          <Group key={segment.key} gap={6} component="li" wrap="nowrap">
            <Box w={12} h={12} bg={segment.color} style={{ borderRadius: 3, flex: 'none' }} />
            <Text size="xs">
              {segment.label}: <span className="foyer-tabular">{formatNumber(segment.count, locale)}</span> (
              {formatPercent(share(segment.count) / 100, locale)})
            </Text>
          </Group>
        ))}
      </Group>
      {/* The service's availability counts reservations and carts too: said, or "419 sold" here beside the sales
          figures' 342 reads as a mistake. */}
      <Text size="xs" c="dimmed" data-testid="capacity-taken-note">
        {t('takenNote')}
      </Text>
    </Stack>
  );
}

function BlockTable({ event }: { event: PartnerEvent }) {
  const t = useMessages(eventsMessages);
  const { locale } = useLocale();
  const localized = useLocalized();
  const blocks = event.blockAvailability ?? [];
  if (blocks.length === 0) return <Text c="dimmed">{t('noAvailability')}</Text>;
  return (
    <Table.ScrollContainer minWidth={420} type="native">
      <Table data-testid="block-table" verticalSpacing={6}>
        <caption className="foyer-visually-hidden">{t('blocked')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('blockLabel')}</Table.Th>
            <Table.Th scope="col">{t('blockMeaning')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('blockCount')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {blocks.map((block) => {
            const known = BLOCK_TYPES[block.blockType];
            return (
              <Table.Tr key={block.blockType} data-testid="block-row" data-block-type={block.blockType}>
                <Table.Td>
                  <Group gap={8} wrap="nowrap">
                    <Box
                      w={10}
                      h={10}
                      bg={known?.color ?? UNKNOWN_BLOCK_COLOR}
                      style={{ borderRadius: 2, flex: 'none' }}
                    />
                    <Text size="sm" lang="nl">
                      {block.blockName || block.blockType}
                    </Text>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={known ? undefined : 'dimmed'}>
                    {known ? localized(known.meaning) : `${t('unknownMeaning')} (${block.blockType})`}
                  </Text>
                </Table.Td>
                <Table.Td
                  ta="right"
                  className="foyer-tabular"
                  data-testid="block-count"
                  fw={block.count > 0 ? 600 : undefined}
                  c={block.count > 0 ? undefined : 'dimmed'}
                >
                  {formatNumber(block.count, locale)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The event's figures: capacity, prices, availability per rank and blocked seats. Memoised on the event
 * (React Query keeps the same object while a refetch brings the same data), so the hall and production
 * arriving, or the 30-second refresh, re-render the page's header and not these tables.
 */
export const EventSections = memo(function EventSections({ event }: { event: PartnerEvent }) {
  const t = useMessages(eventsMessages);
  const breakdown = useMemo(() => capacityBreakdown(event), [event]);
  return (
    <>
      {breakdown ? (
        <SectionCard title={t('capacity')} id="event-capacity">
          <CapacityBar breakdown={breakdown} />
        </SectionCard>
      ) : null}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SectionCard title={t('prices')} id="event-prices">
          <PriceMatrixTable event={event} />
        </SectionCard>
        <SectionCard title={t('availabilityPerRank')} id="event-ranks">
          <RankAvailability event={event} />
        </SectionCard>
      </SimpleGrid>

      <SectionCard title={t('blocked')} id="event-blocks">
        <BlockTable event={event} />
      </SectionCard>
    </>
  );
});

import { ActionIcon, NativeSelect, NumberInput, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Combobox.css';
import { formatMoney, formatNumber } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import type { PartnerEvent } from '../../lib/schemas/partner-event';
import { boxOfficeMessages } from './box-office-messages';
import type { RankPrice } from './cart-model';
import { MAX_QUANTITY } from './sale-keys';

/** The event's prices in the form the cart needs; prices without an id or rank cannot be sold. */
export function rankPricesOf(event: Pick<PartnerEvent, 'prices'>): RankPrice[] {
  const prices: RankPrice[] = [];
  for (const price of event.prices) {
    if (price.priceId && price.rankId !== null) {
      prices.push({ priceId: price.priceId, rankId: price.rankId, name: price.priceName ?? '', amount: price.amount });
    }
  }
  return prices;
}

export function priceLabel(
  price: RankPrice,
  rankName: string,
  t: (key: 'priceOption', values: Record<string, string>) => string,
  locale: Parameters<typeof formatMoney>[1],
) {
  return t('priceOption', { name: price.name, rank: rankName, amount: formatMoney(price.amount, locale) });
}

/**
 * Tickets by quantity: a price (which fixes the rank) and a number. In a general-admission hall that is
 * one line of N tickets; in a reserved-seating hall the service picks the best available seats of the
 * rank. Digits typed anywhere on the page set the quantity (sale-keys.ts).
 */
export function QuantityTickets({
  event,
  prices,
  priceId,
  onPriceChange,
  quantity,
  onQuantityChange,
  error,
  generalAdmission,
}: {
  event: PartnerEvent;
  prices: RankPrice[];
  priceId: string | null;
  onPriceChange: (priceId: string) => void;
  quantity: number;
  onQuantityChange: (quantity: number) => void;
  error: string | null;
  generalAdmission: boolean | null;
}) {
  const t = useMessages(boxOfficeMessages);
  const { locale } = useLocale();
  const rankName = (rankId: number) =>
    event.prices.find((price) => price.rankId === rankId)?.rankName ??
    event.availability?.find((rank) => rank.rankId === rankId)?.rankName ??
    String(rankId);
  const chosen = prices.find((price) => price.priceId === priceId) ?? prices[0];
  const rank = chosen ? event.availability?.find((entry) => entry.rankId === chosen.rankId) : undefined;

  if (prices.length === 0) return <Text c="dimmed">{t('noPrices')}</Text>;

  return (
    <Stack gap="sm">
      <NativeSelect
        label={t('priceForAll')}
        value={chosen?.priceId ?? ''}
        onChange={(change) => onPriceChange(change.currentTarget.value)}
        data={prices.map((price) => ({
          value: price.priceId,
          label: priceLabel(price, rankName(price.rankId), t, locale),
        }))}
      />
      <NumberInput
        label={t('quantity')}
        description={t('quantityHint')}
        value={quantity}
        onChange={(value) => onQuantityChange(typeof value === 'number' ? value : Number(value) || 1)}
        min={1}
        max={MAX_QUANTITY}
        clampBehavior="strict"
        allowDecimal={false}
        allowNegative={false}
        error={error}
        data-testid="ticket-quantity"
        // Buttons a finger hits (Mantine's arrows are 24 × 17 px), on both sides of the number; the arrow keys
        // and typed digits work as before.
        hideControls
        leftSectionWidth={44}
        leftSectionPointerEvents="all"
        rightSectionPointerEvents="all"
        rightSectionWidth={44}
        leftSection={
          <ActionIcon
            variant="subtle"
            size={40}
            aria-label={t('quantityLess')}
            disabled={quantity <= 1}
            onClick={() => onQuantityChange(Math.max(1, quantity - 1))}
          >
            −
          </ActionIcon>
        }
        rightSection={
          <ActionIcon
            variant="subtle"
            size={40}
            aria-label={t('quantityMore')}
            disabled={quantity >= MAX_QUANTITY}
            onClick={() => onQuantityChange(Math.min(MAX_QUANTITY, quantity + 1))}
          >
            +
          </ActionIcon>
        }
        styles={{ input: { textAlign: 'center' } }}
      />
      {rank ? (
        <Text size="sm" c="dimmed" data-testid="rank-availability">
          {t('availableInRank', {
            available: formatNumber(rank.available, locale),
            rank: rank.rankName || rankName(rank.rankId),
          })}
        </Text>
      ) : null}
      {generalAdmission === null ? null : (
        <Text size="sm" c="dimmed">
          {generalAdmission ? t('generalAdmissionHint') : t('bestAvailableHint')}
        </Text>
      )}
    </Stack>
  );
}

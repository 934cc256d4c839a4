import { ActionIcon, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import { useState } from 'react';
import { formatMoney, formatNumber } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import type { PriceLevel } from '../../lib/schemas/seat-plan';
import { seatPlanMessages } from './seat-plan-messages';
import { DEFAULT_PALETTE } from './seat-renderer';

/** The legend's symbols: the same shapes as on the canvas, so the legend explains them without colour. */
export function StateSymbol({ kind, color }: { kind: 'free' | 'selected' | 'held' | 'unavailable'; color?: string }) {
  return (
    <svg width="16" height="16" viewBox="-1 -1 2 2" aria-hidden="true" className="seat-plan-symbol">
      {kind === 'free' ? <circle r="0.8" fill={color ?? DEFAULT_PALETTE.ranks[0]} /> : null}
      {kind === 'selected' ? (
        <>
          <rect x="-0.9" y="-0.9" width="1.8" height="1.8" className="seat-plan-symbol-selected" />
          <circle r="0.3" className="seat-plan-symbol-selected-mark" />
        </>
      ) : null}
      {kind === 'held' ? <path d="M0 -0.95 L0.95 0 L0 0.95 L-0.95 0 Z" className="seat-plan-symbol-held" /> : null}
      {kind === 'unavailable' ? (
        <path
          d="M-0.55 -0.55 L0.55 0.55 M0.55 -0.55 L-0.55 0.55"
          stroke={DEFAULT_PALETTE.unavailable}
          strokeWidth="0.3"
          fill="none"
        />
      ) : null}
    </svg>
  );
}

export interface LegendRank {
  rankId: number;
  name: string;
  color: string;
  levels: PriceLevel[];
  /** Free seats of the rank; null for general admission (no seats to count). */
  free: number | null;
}

export function SeatPlanLegend({ ranks }: { ranks: LegendRank[] }) {
  const t = useMessages(seatPlanMessages);
  const { locale } = useLocale();
  return (
    <section aria-label={t('legend')} className="seat-plan-legend" data-testid="seat-plan-legend">
      <ul className="foyer-plain-list seat-plan-legend-list">
        {ranks.map((rank) => (
          <li key={rank.rankId} data-testid="legend-rank">
            <StateSymbol kind="free" color={rank.color} />
            <span>
              <Text span fw={600} size="sm">
                {rank.name}
              </Text>{' '}
              <Text span size="sm" className="foyer-tabular">
                {rank.levels.length === 0
                  ? t('noPrice')
                  : // The full price first: most expensive to cheapest.
                    [...rank.levels]
                      .reverse()
                      .map((level) => `${level.name} ${formatMoney(level.amount, locale)}`)
                      .join(' · ')}
              </Text>{' '}
              {rank.free === null ? null : (
                <Text span size="xs" c="dimmed" className="foyer-tabular">
                  ({t('freeCount', { count: formatNumber(rank.free, locale) })})
                </Text>
              )}
            </span>
          </li>
        ))}
      </ul>
      <ul className="foyer-plain-list seat-plan-legend-states">
        <li>
          <StateSymbol kind="free" color="#868e96" />{' '}
          <Text span size="sm">
            {t('free')}
          </Text>
        </li>
        <li>
          <StateSymbol kind="selected" />{' '}
          <Text span size="sm">
            {t('selected')}
          </Text>
        </li>
        <li>
          <StateSymbol kind="held" />{' '}
          <Text span size="sm">
            {t('held')}
          </Text>
        </li>
        <li>
          <StateSymbol kind="unavailable" />{' '}
          <Text span size="sm">
            {t('unavailable')}
          </Text>
        </li>
      </ul>
    </section>
  );
}

export function BestAvailableControl({
  ranks,
  maxQuantity,
  onChoose,
}: {
  ranks: LegendRank[];
  maxQuantity: number;
  onChoose: (quantity: number, rankId: number | null) => void;
}) {
  const t = useMessages(seatPlanMessages);
  const [quantity, setQuantity] = useState('2');
  const [rank, setRank] = useState('');
  const options = Array.from({ length: Math.max(1, Math.min(maxQuantity, 20)) }, (_, i) => String(i + 1));
  return (
    <form
      className="seat-plan-best"
      aria-label={t('bestTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        onChoose(Number(quantity), rank === '' ? null : Number(rank));
      }}
    >
      <Group gap="xs" align="flex-end" wrap="wrap">
        <NativeSelect
          label={t('bestQuantity')}
          data={options}
          value={options.includes(quantity) ? quantity : (options[options.length - 1] ?? '1')}
          onChange={(event) => setQuantity(event.currentTarget.value)}
          w={90}
          data-testid="best-quantity"
        />
        <NativeSelect
          label={t('bestRank')}
          data={[
            { value: '', label: t('anyRank') },
            ...ranks.map((entry) => ({ value: String(entry.rankId), label: entry.name })),
          ]}
          value={rank}
          onChange={(event) => setRank(event.currentTarget.value)}
          w={180}
          data-testid="best-rank"
        />
        <Button type="submit" variant="light">
          {t('bestChoose')}
        </Button>
      </Group>
    </form>
  );
}

export function GeneralAdmissionSection({
  name,
  available,
  quantity,
  maxQuantity,
  onQuantity,
}: {
  name: string;
  available: number;
  quantity: number;
  maxQuantity: number;
  onQuantity?: (quantity: number) => void;
}) {
  const t = useMessages(seatPlanMessages);
  const { locale } = useLocale();
  const clamp = (value: number) => Math.max(0, Math.min(maxQuantity, Math.round(value)));
  return (
    <Stack gap={6} className="seat-plan-ga" data-testid="general-admission">
      <Text fw={600}>
        {name} — {t('generalAdmission')}
      </Text>
      <Text size="sm" className="foyer-tabular" data-testid="general-admission-available">
        {t('generalAvailable', { count: formatNumber(available, locale) })}
      </Text>
      {onQuantity ? (
        <Group gap={6} wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('decrease')}
            disabled={quantity <= 0}
            onClick={() => onQuantity(clamp(quantity - 1))}
          >
            <span aria-hidden="true">−</span>
          </ActionIcon>
          <TextInput
            aria-label={`${t('quantity')} ${name}`}
            inputMode="numeric"
            value={String(quantity)}
            w={80}
            onChange={(event) => {
              const value = Number(event.currentTarget.value.replace(/\D/g, '') || '0');
              onQuantity(clamp(value));
            }}
            data-testid="general-admission-quantity"
          />
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('increase')}
            disabled={quantity >= maxQuantity}
            onClick={() => onQuantity(clamp(quantity + 1))}
          >
            <span aria-hidden="true">+</span>
          </ActionIcon>
        </Group>
      ) : null}
    </Stack>
  );
}

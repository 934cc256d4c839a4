import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { MoneyInput } from '../../components/money-input';
import { formatMoney } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { centsOf, eurosOf, moneyFieldValue } from '../../lib/money';
import { boxOfficeMessages } from './box-office-messages';
import { cashChange, likelyTenders } from './cash-change';

/**
 * Cash at the desk: what the buyer handed over, typed or one of the likely notes, and the change to give back, large
 * enough to read at the drawer. Empty is the exact amount; less than the total says what is missing, and the sale
 * cannot be paid with it. Enter in the field pays, as it does elsewhere in the checkout.
 */
export function CashTendered({
  totalCents,
  tenderedCents,
  onChange,
  onPay,
  disabled,
}: {
  totalCents: number;
  tenderedCents: number | null;
  onChange: (cents: number | null) => void;
  onPay: () => void;
  disabled: boolean;
}) {
  const t = useMessages(boxOfficeMessages);
  const { locale } = useLocale();
  // The field keeps what is typed ("12," on the way to "12,50"); the sale keeps it in cents.
  const [typed, setTyped] = useState<number | string>(tenderedCents === null ? '' : moneyFieldValue(tenderedCents));
  const choose = (cents: number | null) => {
    setTyped(cents === null ? '' : moneyFieldValue(cents));
    onChange(cents);
  };
  const change = cashChange(totalCents, tenderedCents);
  const money = (cents: number) => formatMoney(eurosOf(cents), locale);
  return (
    <Stack gap="xs" data-testid="cash-tendered">
      <MoneyInput
        label={t('cashReceived')}
        description={t('cashReceivedHint')}
        value={typed}
        // Cash handed over is never negative, and a minus here would read as "the exact amount": not typed at all.
        allowNegative={false}
        onChange={(value) => {
          setTyped(value);
          onChange(centsOf(value));
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          onPay();
        }}
        error={change.kind === 'short' ? t('cashShort', { amount: money(change.shortCents) }) : undefined}
        disabled={disabled}
        size="md"
      />
      <Group gap="xs" role="group" aria-label={t('cashSuggestions')}>
        <Button
          size="compact-md"
          variant={tenderedCents === null ? 'filled' : 'default'}
          aria-pressed={tenderedCents === null}
          onClick={() => choose(null)}
          disabled={disabled}
        >
          {t('cashExact')}
        </Button>
        {likelyTenders(totalCents).map((cents) => (
          <Button
            key={cents}
            size="compact-md"
            variant={tenderedCents === cents ? 'filled' : 'default'}
            aria-pressed={tenderedCents === cents}
            onClick={() => choose(cents)}
            disabled={disabled}
          >
            {money(cents)}
          </Button>
        ))}
      </Group>
      {change.kind === 'change' ? (
        <Group justify="space-between" align="baseline" aria-live="polite">
          <Text fw={600}>{t('changeDue')}</Text>
          <Text fw={700} size="xl" data-testid="change-due">
            {money(change.changeCents)}
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}

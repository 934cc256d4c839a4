import { NumberInput, type NumberInputProps } from '@mantine/core';
import '@mantine/core/styles/NumberInput.css';
import { forwardRef } from 'react';
import { useLocale } from '../lib/i18n';

/**
 * An amount in euros as the desk types it: "150", "150,50" (Dutch) or "150.50" (English), two decimals at
 * most, never negative. The value is Mantine's (a number, or '' when empty); lib/money.ts's centsOf turns it into
 * cents.
 */
export const MoneyInput = forwardRef<HTMLInputElement, NumberInputProps>(function MoneyInput(props, ref) {
  const { locale } = useLocale();
  const dutch = locale === 'nl-NL';
  return (
    <NumberInput
      ref={ref}
      min={0}
      max={1_000_000}
      decimalScale={2}
      allowNegative={false}
      decimalSeparator={dutch ? ',' : '.'}
      thousandSeparator={dutch ? '.' : ','}
      prefix="€ "
      hideControls
      inputMode="decimal"
      {...props}
    />
  );
});

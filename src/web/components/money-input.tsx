import { NumberInput, type NumberInputProps } from '@mantine/core';
import '@mantine/core/styles/NumberInput.css';
import { forwardRef } from 'react';
import { useLocale } from '../lib/i18n';
import { centsOf, moneyFieldValue } from '../lib/money';

/** An amount as two decimals ("595.50"), or null when the field holds none. */
function withCents(value: NumberInputProps['value']): string | null {
  const cents = typeof value === 'number' || typeof value === 'string' ? centsOf(value) : null;
  return cents === null ? null : moneyFieldValue(cents);
}

type MoneyInputProps = NumberInputProps & {
  /**
   * Amounts in the thousands, typed as the app writes them (a segment's threshold): "1.500,00" is fifteen hundred
   * (it read as 1,50). Off at the desk, where a numeric keypad's dot is the decimal point ("12.50").
   */
  thousands?: boolean;
};

/**
 * An amount in euros as the desk types it: "150", "150,50" (Dutch) or "150.50" (English), two decimals at
 * most. What is typed stays as typed: a minus, or an amount beyond what the form takes, is for the form to refuse
 * with a message (the field dropped the minus and clamped on leaving, without a word: "-50" opened a shift with
 * € 50). The value is Mantine's (a number, or a numeric string such as "595.50", or '' when
 * empty); lib/money.ts's centsOf turns it into cents. Once the field is left it reads as money, "€ 595,50"
 * (typed "595,5"): the value itself becomes two decimals, so nothing changes when the field is entered again —
 * its text changing on focus dropped the selection, and an amount typed over "€ 234,00" was added to it
 * ("€ 234.254,00"). While typing, no zeros are added under the caret.
 */
export const MoneyInput = forwardRef<HTMLInputElement, MoneyInputProps>(function MoneyInput(
  { thousands = false, ...props },
  ref,
) {
  const { locale } = useLocale();
  const dutch = locale === 'nl-NL';
  return (
    <NumberInput
      ref={ref}
      decimalScale={2}
      clampBehavior="none"
      decimalSeparator={dutch ? ',' : '.'}
      thousandSeparator={dutch ? '.' : ','}
      // Only the decimal separator of the language makes decimals: a typed thousands separator is then passed over.
      {...(thousands ? { allowedDecimalSeparators: [dutch ? ',' : '.'] } : {})}
      prefix="€ "
      hideControls
      inputMode="decimal"
      {...props}
      onBlur={(event) => {
        const fixed = withCents(props.value);
        if (fixed !== null && fixed !== String(props.value)) props.onChange?.(fixed);
        props.onBlur?.(event);
      }}
    />
  );
});

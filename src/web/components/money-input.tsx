import { NumberInput, type NumberInputProps } from '@mantine/core';
import '@mantine/core/styles/NumberInput.css';
import { forwardRef, useState } from 'react';
import { useLocale } from '../lib/i18n';

/**
 * An amount in euros as the desk types it: "150", "150,50" (Dutch) or "150.50" (English), two decimals at
 * most, never negative. The value is Mantine's (a number, or '' when empty); lib/money.ts's centsOf turns it into
 * cents. Out of the field it reads as money, "€ 595,50" (typed "595,5"); while typing, no zeros are added
 * under the caret.
 */
export const MoneyInput = forwardRef<HTMLInputElement, NumberInputProps>(function MoneyInput(props, ref) {
  const { locale } = useLocale();
  const dutch = locale === 'nl-NL';
  const [typing, setTyping] = useState(false);
  return (
    <NumberInput
      ref={ref}
      min={0}
      max={1_000_000}
      decimalScale={2}
      fixedDecimalScale={!typing}
      allowNegative={false}
      decimalSeparator={dutch ? ',' : '.'}
      thousandSeparator={dutch ? '.' : ','}
      prefix="€ "
      hideControls
      inputMode="decimal"
      {...props}
      onFocus={(event) => {
        setTyping(true);
        props.onFocus?.(event);
      }}
      onBlur={(event) => {
        setTyping(false);
        props.onBlur?.(event);
      }}
    />
  );
});

import { NumberInput, type NumberInputProps } from '@mantine/core';
import '@mantine/core/styles/NumberInput.css';
import { forwardRef, type KeyboardEvent, useRef } from 'react';
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
 *
 * At the desk a dot makes decimals ("12.50" from a numeric keypad), even in Dutch. But a float counted as
 * "1.000,00" read as € 1,00: the dot made decimals and the third zero was dropped. So when the separator was
 * typed as the language's thousands separator, a third digit after it (never money) makes it one: "1.000" is
 * a thousand, and a comma after it starts the cents.
 */
export const MoneyInput = forwardRef<HTMLInputElement, MoneyInputProps>(function MoneyInput(
  { thousands = false, ...props },
  ref,
) {
  const { locale } = useLocale();
  const dutch = locale === 'nl-NL';
  const thousandSeparator = dutch ? '.' : ',';
  /** The separator key typed last, if it was the thousands separator (then it may have been meant as one). */
  const typedThousandSeparator = useRef(false);
  /** Set when the text grew by a separator under the caret: the next key is typed at its end. */
  const caretToEnd = useRef(false);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    if (caretToEnd.current) {
      caretToEnd.current = false;
      input.setSelectionRange(input.value.length, input.value.length);
    }
    props.onKeyDown?.(event);
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === '.' || event.key === ',') typedThousandSeparator.current = event.key === thousandSeparator;
    if (!/^\d$/.test(event.key) || !typedThousandSeparator.current || thousands) return;
    const atEnd = input.selectionStart === input.value.length && input.selectionEnd === input.value.length;
    const value = String(props.value ?? '');
    const twoDecimals = /^(-?\d+)\.(\d{2})$/.exec(value);
    if (!atEnd || !twoDecimals) return;
    // A third digit after the separator: it grouped thousands.
    event.preventDefault();
    typedThousandSeparator.current = false;
    props.onChange?.(`${twoDecimals[1]}${twoDecimals[2]}${event.key}`);
    // The text grows by a separator and the formatter leaves the caret where the old text ended: it is shown at
    // the end once the text is written, and put there when the next key comes (whichever of the two is first).
    caretToEnd.current = true;
    requestAnimationFrame(() => {
      if (caretToEnd.current) input.setSelectionRange(input.value.length, input.value.length);
    });
  };

  return (
    <NumberInput
      ref={ref}
      decimalScale={2}
      clampBehavior="none"
      decimalSeparator={dutch ? ',' : '.'}
      thousandSeparator={thousandSeparator}
      // Only the decimal separator of the language makes decimals: a typed thousands separator is then passed over.
      {...(thousands ? { allowedDecimalSeparators: [dutch ? ',' : '.'] } : {})}
      prefix="€ "
      hideControls
      inputMode="decimal"
      {...props}
      onKeyDown={onKeyDown}
      onMouseDown={(event) => {
        // A caret placed by hand stays where it was put.
        caretToEnd.current = false;
        props.onMouseDown?.(event);
      }}
      onBlur={(event) => {
        // Leaving the field ends the typing the two belonged to: back in it, keys go where the caret is.
        caretToEnd.current = false;
        typedThousandSeparator.current = false;
        const fixed = withCents(props.value);
        if (fixed !== null && fixed !== String(props.value)) props.onChange?.(fixed);
        props.onBlur?.(event);
      }}
    />
  );
});

import { TextInput } from '@mantine/core';
import { defineMessages, useMessages } from '../lib/i18n';

const messages = defineMessages(
  { reversed: 'Ligt vóór de datum bij {from}' },
  { reversed: 'Is before the {from} date' },
);

/**
 * A list filter's pair of dates (yyyy-mm-dd, both optional), side by side with the other filters. A reversed
 * range says so on its second field: it found nothing, and nothing said why. The fields keep what was typed.
 */
export function DateRangeFields({
  labels,
  from,
  to,
  onChange,
  testIdPrefix,
}: {
  labels: { from: string; to: string };
  from: string;
  to: string;
  onChange: (field: 'from' | 'to', value: string) => void;
  /** `${testIdPrefix}-from` and `${testIdPrefix}-to`. */
  testIdPrefix: string;
}) {
  const t = useMessages(messages);
  // Dates as yyyy-mm-dd compare as text.
  const reversed = from !== '' && to !== '' && to < from;
  return (
    <>
      <TextInput
        type="date"
        label={labels.from}
        value={from}
        onChange={(event) => onChange('from', event.currentTarget.value)}
        size="sm"
        data-testid={`${testIdPrefix}-from`}
      />
      <TextInput
        type="date"
        label={labels.to}
        value={to}
        onChange={(event) => onChange('to', event.currentTarget.value)}
        error={reversed ? t('reversed', { from: labels.from }) : undefined}
        size="sm"
        data-testid={`${testIdPrefix}-to`}
      />
    </>
  );
}

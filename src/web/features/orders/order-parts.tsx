import { Badge } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { useCallback } from 'react';
import { useLocalized } from '../../lib/i18n';
import { ORDER_CHANNELS, ORDER_STATUSES, PAYMENT_STATUSES, type StatusInfo, statusTip } from './order-status';
import './status-tip.css';

function StatusBadge({ value, info, kind }: { value: string; info: StatusInfo | undefined; kind: string }) {
  const localized = useLocalized();
  const label = info ? localized(info.label) : value;
  const meaning = info ? localized(info.meaning) : value;
  // The label and the spec's meaning show as a tooltip on hover (CSS only, status-tip.css: a hundred rows of
  // positioned tooltips would cost more script than the whole list); screen readers get it as part of the text.
  return (
    <span className="foyer-tip" data-tip={statusTip(label, info ? meaning : '', value)}>
      <Badge
        // Never cut short (app.css): the labels are a word or two, and "B…" says nothing.
        className="foyer-status-badge"
        // "dot": the text keeps the body colour (full contrast in both schemes); the dot carries the colour.
        variant="dot"
        color={info?.color ?? 'gray'}
        size="sm"
        tt="none"
        data-testid={kind}
        data-value={value}
      >
        {label}
        {info ? <span className="foyer-visually-hidden">{`: ${meaning}`}</span> : null}
      </Badge>
    </span>
  );
}

export function OrderStatusBadge({ status }: { status: string }) {
  return <StatusBadge value={status} info={ORDER_STATUSES[status]} kind="order-status" />;
}

export function PaymentStatusBadge({ status }: { status: string }) {
  return <StatusBadge value={status} info={PAYMENT_STATUSES[status]} kind="payment-status" />;
}

export function useChannelLabel(): (channel: string) => string {
  const localized = useLocalized();
  // The same function while the language stays: memoised components take it as a prop.
  return useCallback(
    (channel) => {
      const known = ORDER_CHANNELS[channel];
      return known ? localized(known) : channel || '–';
    },
    [localized],
  );
}

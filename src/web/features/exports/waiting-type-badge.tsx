import { Badge } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { useLocalized } from '../../lib/i18n';
import { WAITING_TYPES } from '../../lib/waiting-types';

/** A waiting-list type as a badge; its meaning (spec 3.5) as the title. Unknown types are shown as sent. */
export function WaitingTypeBadge({ type }: { type: string }) {
  const localized = useLocalized();
  const known = WAITING_TYPES[type];
  return (
    <Badge
      // "dot", as the order badges: the text keeps the body colour (full contrast in both schemes).
      variant="dot"
      color={known?.color ?? 'gray'}
      size="sm"
      tt="none"
      title={known ? localized(known.meaning) : undefined}
      data-testid="waiting-type"
      data-type={type}
    >
      {known ? localized(known.label) : type || '—'}
    </Badge>
  );
}

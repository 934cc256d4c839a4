import { Badge, Group } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import type { ShiftSummary } from '@/contract/shift';
import { useMessages } from '../../lib/i18n';
import { STATUS_COLORS } from './shift-model';
import { shiftsMessages } from './shifts-messages';

/** A badge pair for a shift: its status, and whether it ran past midnight. */
export function ShiftBadges({ shift }: { shift: ShiftSummary }) {
  const t = useMessages(shiftsMessages);
  return (
    <Group gap={4} wrap="nowrap">
      {/* "dot": the text keeps the body colour (full contrast in both schemes); the dot carries the colour. */}
      <Badge
        color={STATUS_COLORS[shift.status]}
        variant="dot"
        tt="none"
        className="foyer-status-badge"
        data-testid="shift-status"
      >
        {t(`status:${shift.status}`)}
      </Badge>
      {shift.pastMidnight ? (
        // White on red.9 is over 5:1, where Mantine's orange and red fills stay under 4.5:1.
        <Badge
          color="red.9"
          variant="filled"
          tt="none"
          className="foyer-status-badge"
          title={t('pastMidnightHint')}
          data-testid="shift-past-midnight"
        >
          {t('pastMidnight')}
        </Badge>
      ) : null}
    </Group>
  );
}

import { Badge, Group } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import type { ShiftSummary } from '../../../contract/shift';
import { useMessages } from '../../lib/i18n';
import { STATUS_COLORS } from './shift-model';
import { shiftsMessages } from './shifts-messages';

/** A badge pair for a shift: its status, and whether it ran past midnight. */
export function ShiftBadges({ shift }: { shift: ShiftSummary }) {
  const t = useMessages(shiftsMessages);
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={STATUS_COLORS[shift.status]} variant="light" data-testid="shift-status">
        {t(`status:${shift.status}`)}
      </Badge>
      {shift.pastMidnight ? (
        <Badge color="orange" variant="filled" title={t('pastMidnightHint')} data-testid="shift-past-midnight">
          {t('pastMidnight')}
        </Badge>
      ) : null}
    </Group>
  );
}

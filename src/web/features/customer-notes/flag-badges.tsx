import { Badge, Group } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import type { CustomerFlag } from '@/contract/customer-notes';
import { useMessages } from '../../lib/i18n';
import { customerNotesMessages } from './customer-notes-messages';
import { flagLabel, SEVERITY_COLOR } from './flag-label';
import './customer-notes.css';

/** A customer's flags as coloured badges, each named (the colour is never the only sign: the name says it). */
export function FlagBadges({ flags, size = 'md' }: { flags: readonly CustomerFlag[]; size?: 'sm' | 'md' | 'lg' }) {
  const t = useMessages(customerNotesMessages);
  return (
    <Group gap={6} component="ul" className="foyer-flag-list" data-testid="customer-flags">
      {flags.map((flag) => (
        <li key={flag.id}>
          <Badge
            color={SEVERITY_COLOR[flag.severity]}
            variant="filled"
            size={size}
            tt="none"
            title={t(`severity:${flag.severity}`)}
            data-severity={flag.severity}
          >
            {flagLabel(flag, t)}
          </Badge>
        </li>
      ))}
    </Group>
  );
}

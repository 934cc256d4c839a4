import type { CustomerFlag, FlagSeverity } from '@/contract/customer-notes';
import type { MessageSet, Translate } from '../../lib/i18n';
import type { customerNotesMessages } from './customer-notes-messages';

type Keys = typeof customerNotesMessages extends MessageSet<infer K> ? K : never;

/** A flag's name: the organisation's own, or a default flag's in the reader's language. */
export function flagLabel(flag: Pick<CustomerFlag, 'label' | 'preset'>, t: Translate<Keys>): string {
  if (flag.label) return flag.label;
  return flag.preset ? t(`preset:${flag.preset}`) : '';
}

/** The colour of a severity, dark enough for white text (WCAG AA: Mantine's orange is not, so caution has its own). */
export const SEVERITY_COLOR: Record<FlagSeverity, string> = { info: 'blue.9', caution: '#b83d0b', stop: 'red.9' };

const LOUDNESS: Record<FlagSeverity, number> = { info: 0, caution: 1, stop: 2 };

/** The loudest severity among `flags` (null for none): the alert takes its colour. */
export function loudest(flags: readonly Pick<CustomerFlag, 'severity'>[]): FlagSeverity | null {
  let found: FlagSeverity | null = null;
  for (const flag of flags) if (found === null || LOUDNESS[flag.severity] > LOUDNESS[found]) found = flag.severity;
  return found;
}

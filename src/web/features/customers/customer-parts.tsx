import type { ComponentPropsWithoutRef } from 'react';
import { useMessages } from '../../lib/i18n';
import type { CustomerPrefs } from '../../lib/schemas/customer';
import { optinState } from './customer-prefs';
import { customersMessages } from './customers-messages';

/*
 * TagChips, OptinBadge and RowCheckbox are drawn in each of the customer table's 100 rows and redrawn at
 * every search keystroke: plain elements styled like Mantine's badge and checkbox (app.css), not the
 * components themselves, whose style props and nested boxes made a keystroke cost ~300 ms of the page's CPU.
 */
export function TagChips({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <span className="foyer-chips">
      {tags.map((tag) => (
        <span key={tag} className="foyer-chip" data-testid="tag-chip">
          {tag}
        </span>
      ))}
    </span>
  );
}

export function OptinBadge({ prefs }: { prefs: CustomerPrefs | null }) {
  const t = useMessages(customersMessages);
  const state = optinState(prefs);
  if (state === 'unknown') return <span className="foyer-dimmed">{t('optinUnknown')}</span>;
  // Filled for yes: a light teal badge misses the 4.5:1 contrast at this size.
  return (
    <span className="foyer-chip" data-tone={state === 'yes' ? 'yes' : 'no'}>
      {state === 'yes' ? t('optinYes') : t('optinNo')}
    </span>
  );
}

/** A native checkbox in the look of Mantine's; `indeterminate` is a property only, set on the element. */
export function RowCheckbox({
  indeterminate = false,
  ...props
}: Omit<ComponentPropsWithoutRef<'input'>, 'type' | 'className'> & { indeterminate?: boolean }) {
  return (
    <input
      {...props}
      type="checkbox"
      className="foyer-checkbox"
      ref={(element) => {
        if (element) element.indeterminate = indeterminate;
      }}
    />
  );
}

import { Button, Combobox, Group, Paper, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import './customer-picker.css';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { BuyerSummary } from '@/contract/customer-search';
import { CUSTOMER_LOOKUP_MIN_LENGTH } from '@/contract/customer-search';
import { Dialog } from '../../components/dialog';
import { describeError } from '../../components/error-message';
import { isApiError } from '../../lib/api-error';
import { appMessages } from '../../lib/app-messages';
import { formatNumber } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { customerName } from '../../lib/schemas/customer';
import { CustomerForm } from './customer-form';
import type { CustomerFormValues } from './customer-form-schema';
import { customerQueries } from './customer-queries';
import { customersMessages } from './customers-messages';
import { isExactEmail } from './exact-email';

const CREATE_OPTION = '__create__';
/** Typing pauses this long before the gateway is asked. */
const LOOKUP_DEBOUNCE_MS = 120;

export interface CustomerPickerProps {
  value: BuyerSummary | null;
  onChange: (customer: BuyerSummary | null) => void;
  autoFocus?: boolean;
}

/** The Dutch (and Flemish) prepositions of a last name, the longest first: "van der", "van de", "de", "ter"… */
const PREPOSITION =
  /^((?:van\s+(?:de|der|den|het|'t)|in\s+(?:de|het|'t)|op\s+(?:de|den|het|'t)|uit\s+(?:de|den|het)|de|den|der|het|'t|ter|ten|te|van|von|vande|vanden|vander|la|le|du|d')\s+)(.+)$/i;

/**
 * What was typed, as a head start for the new customer: an email, a phone number, or a name, its preposition in
 * its own field ("Gert de Vries": Gert, de, Vries; a walkthrough found "de Vries" as the last name).
 */
export function quickCreateDefaults(text: string): Partial<CustomerFormValues> {
  const trimmed = text.trim();
  if (trimmed === '') return {};
  if (isExactEmail(trimmed) || trimmed.includes('@')) return { email: trimmed };
  if (/^[\d\s\-+()./]+$/.test(trimmed)) return { customerPhone: trimmed };
  const words = trimmed.split(/\s+/);
  if (words.length === 1) return { customerLastName: trimmed };
  const rest = words.slice(1).join(' ');
  const split = PREPOSITION.exec(rest);
  return split
    ? {
        customerFirstName: words[0] ?? '',
        customerPreposition: (split[1] ?? '').trim(),
        customerLastName: split[2] ?? '',
      }
    : { customerFirstName: words[0] ?? '', customerLastName: rest };
}

/**
 * Finds the buyer at a desk, or makes a new one: the gateway's buyer lookup searches the organisation's
 * customers as you type (name, email, phone in any format, zip, customer number — the customer list's
 * search) and answers the few matches the picker shows, with no more of them than it shows; an exact email
 * is also asked of the service. Creates a customer inline. A keyboard combobox: arrows move, Enter chooses
 * (only among the matches of the text as it stands), Escape closes.
 */
export function CustomerPicker({ value, onChange, autoFocus = false }: CustomerPickerProps) {
  const t = useMessages(customersMessages);
  const tApp = useMessages(appMessages);
  const { locale } = useLocale();
  const [query, setQuery] = useState('');
  const [settled] = useDebouncedValue(query, LOOKUP_DEBOUNCE_MS);
  const [creating, setCreating] = useState<Partial<CustomerFormValues> | null>(null);
  const lookup = useQuery(customerQueries.lookup(settled));
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const inputRef = useRef<HTMLInputElement>(null);
  const changeRef = useRef<HTMLButtonElement>(null);
  const [focusSearch, setFocusSearch] = useState(false);
  /** Enter pressed while the answer to the text was still coming: the text it was pressed at. */
  const [enterAhead, setEnterAhead] = useState<string | null>(null);

  const asked = query.trim() !== '';
  const tooShort = asked && query.trim().length < CUSTOMER_LOOKUP_MIN_LENGTH;
  // The last answer stays on screen while the next is asked, so the options do not flicker; but only an
  // answer to the text as it stands can be chosen (Enter must never take a match of "jan" once "jans" is typed).
  const current = lookup.data !== undefined && lookup.data.q === query && !lookup.isPlaceholderData;
  const shown = asked && !tooShort ? (lookup.data?.data ?? []) : [];
  const matchCount = asked && !tooShort ? (lookup.data?.total ?? 0) : 0;
  const checking = asked && !tooShort && !current;

  // The best match is highlighted, so Enter takes it; while the answer is not the text's, nothing is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run when the answer or its options change
  useEffect(() => {
    if (current) combobox.selectFirstOption();
    else combobox.resetSelectedOption();
  }, [current, lookup.data]);

  // A seller who types the email and presses Enter at once gets the best match as soon as its answer is in
  // (at once when it is), as if they had waited for it; typing on cancels that (onChange).
  // biome-ignore lint/correctness/useExhaustiveDependencies: choose is a plain closure over the current render
  useEffect(() => {
    if (enterAhead === null || !current || enterAhead !== query) return;
    setEnterAhead(null);
    const best = shown[0];
    if (best) choose(best);
  }, [enterAhead, current, query, shown]);

  useEffect(() => {
    if (focusSearch && !value) {
      inputRef.current?.focus();
      setFocusSearch(false);
    }
  }, [focusSearch, value]);

  const choose = (customer: BuyerSummary) => {
    onChange(customer);
    setQuery('');
    combobox.closeDropdown();
  };

  if (value) {
    return (
      <Paper withBorder radius="md" p="sm" data-testid="customer-picker-value">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          {/* The details give way (long email addresses wrap); the button keeps its whole label. */}
          <Stack gap={2} miw={0}>
            <Text size="xs" c="dimmed">
              {t('pickerSelected')}
            </Text>
            <Text fw={600}>{customerName(value) || value.email}</Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {[value.email, value.customerPhone, `#${value.customerId}`].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
          <Button
            ref={changeRef}
            variant="default"
            size="xs"
            style={{ flexShrink: 0 }}
            autoFocus={autoFocus}
            onClick={() => {
              onChange(null);
              setFocusSearch(true);
            }}
          >
            {t('pickerChange')}
          </Button>
        </Group>
      </Paper>
    );
  }

  return (
    <>
      <Combobox
        store={combobox}
        onOptionSubmit={(optionValue) => {
          if (optionValue === CREATE_OPTION) {
            combobox.closeDropdown();
            setCreating(quickCreateDefaults(query));
            return;
          }
          const customer = current ? shown.find((match) => String(match.customerId) === optionValue) : undefined;
          if (customer) choose(customer);
        }}
      >
        <Combobox.Target withExpandedAttribute>
          <TextInput
            ref={inputRef}
            label={t('pickerLabel')}
            placeholder={t('pickerPlaceholder')}
            type="search"
            // Mantine adds the popup, active-option and (withExpandedAttribute) expanded attributes; the role is ours.
            role="combobox"
            aria-autocomplete="list"
            autoComplete="off"
            spellCheck={false}
            autoFocus={autoFocus}
            value={query}
            onChange={(event) => {
              setQuery(event.currentTarget.value);
              setEnterAhead(null);
              combobox.openDropdown();
            }}
            onKeyDown={(event) => {
              // Enter with no option highlighted — the answer is still coming, or it is in but the effect that
              // highlights its best match has not run yet (it comes after the paint) — takes that best match.
              if (event.key === 'Enter' && (checking || combobox.getSelectedOptionIndex() === -1)) {
                event.preventDefault();
                setEnterAhead(query);
              }
            }}
            onClick={() => combobox.openDropdown()}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            data-testid="customer-picker-input"
          />
        </Combobox.Target>
        <Combobox.Dropdown>
          <Combobox.Options mah={420} style={{ overflowY: 'auto' }} aria-label={t('pickerLabel')}>
            {shown.map((customer) => (
              <Combobox.Option
                key={customer.customerId}
                value={String(customer.customerId)}
                data-testid="customer-picker-option"
              >
                <Text size="sm" fw={600}>
                  {customerName(customer) || customer.email}
                </Text>
                <Text size="xs" c="dimmed">
                  {[customer.email, customer.customerPhone, customer.customerCity].filter(Boolean).join(' · ')}
                </Text>
                {customer.mergedInto ? (
                  <Text size="xs" className="foyer-warning-text" data-testid="customer-picker-merged">
                    {t('pickerMergedInto', { id: customer.mergedInto })}
                  </Text>
                ) : null}
              </Combobox.Option>
            ))}
            {tooShort ? <Combobox.Empty>{t('pickerTypeMore')}</Combobox.Empty> : null}
            {current && matchCount === 0 ? <Combobox.Empty>{t('pickerNoMatches')}</Combobox.Empty> : null}
            {checking && isExactEmail(query) ? <Combobox.Empty>{t('emailChecking')}</Combobox.Empty> : null}
            {lookup.isError && !checking ? (
              <Combobox.Empty>
                {isApiError(lookup.error) && lookup.error.status === 503
                  ? t('searchStarting')
                  : t('pickerFailed', { message: describeError(lookup.error, tApp) })}
              </Combobox.Empty>
            ) : null}
            {matchCount > shown.length ? (
              <Combobox.Empty>
                {t('pickerMore', { count: formatNumber(matchCount - shown.length, locale) })}
              </Combobox.Empty>
            ) : null}
            <Combobox.Option value={CREATE_OPTION} data-testid="customer-picker-create">
              <Text size="sm" className="foyer-picker-create">
                {query.trim() ? t('pickerCreateWith', { text: query.trim() }) : t('pickerCreate')}
              </Text>
            </Combobox.Option>
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      <Dialog opened={creating !== null} onClose={() => setCreating(null)} title={t('pickerCreate')} size="lg">
        {creating !== null ? (
          <CustomerForm
            compact
            autoFocus
            defaults={creating}
            onSaved={(customer) => {
              setCreating(null);
              choose(customer);
            }}
            onUseExisting={(customer) => {
              setCreating(null);
              choose(customer);
            }}
            onCancel={() => setCreating(null)}
          />
        ) : null}
      </Dialog>
    </>
  );
}

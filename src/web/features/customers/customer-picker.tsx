import { Button, Combobox, Group, Modal, Paper, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Modal.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { sessionQuery } from '../../app/session';
import { formatNumber } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { type Customer, customerName } from '../../lib/schemas/customer';
import { CustomerForm } from './customer-form';
import type { CustomerFormValues } from './customer-form-schema';
import { pickerMode, useCustomerLookup } from './customer-lookup';
import { customersMessages } from './customers-messages';
import { isExactEmail, useCustomerDirectory, useCustomerQuery } from './use-customer-directory';

/** Options shown at once; more matches are counted, and typing on narrows them. */
const MAX_OPTIONS = 8;
const CREATE_OPTION = '__create__';

export interface CustomerPickerProps {
  value: Customer | null;
  onChange: (customer: Customer | null) => void;
  autoFocus?: boolean;
}

/** What was typed, as a head start for the new customer: an email, a phone number, or a name. */
export function quickCreateDefaults(text: string): Partial<CustomerFormValues> {
  const trimmed = text.trim();
  if (trimmed === '') return {};
  if (isExactEmail(trimmed) || trimmed.includes('@')) return { email: trimmed };
  if (/^[\d\s\-+()./]+$/.test(trimmed)) return { customerPhone: trimmed };
  const words = trimmed.split(/\s+/);
  if (words.length === 1) return { customerLastName: trimmed };
  return { customerFirstName: words[0] ?? '', customerLastName: words.slice(1).join(' ') };
}

/**
 * Finds the buyer at a desk, or makes a new one: searches the client's customers locally as you type (name,
 * email, phone in any format — the same search as the customer list), checks an exact email with the
 * service, and creates a customer inline. A keyboard combobox: arrows move, Enter chooses, Escape closes.
 *
 * A seller who may not read the customer list (customers:lookup without customers:read) gets the lookup
 * mode: no directory load, the buyer is asked of the service by exact email or customer number. Searching by
 * name there needs a server-side search, which arrives with the customer mirror (issue 21).
 */
export function CustomerPicker({ value, onChange, autoFocus = false }: CustomerPickerProps) {
  const t = useMessages(customersMessages);
  const { locale } = useLocale();
  const mode = pickerMode(useQuery(sessionQuery).data);
  const { directory, state } = useCustomerDirectory(mode === 'directory');
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState<Partial<CustomerFormValues> | null>(null);
  const directorySearch = useCustomerQuery(
    directory,
    state?.version ?? 0,
    query.trim() === '' || mode !== 'directory'
      ? null
      : { text: query, tag: '', optin: '', since: '', sort: null, offset: 0, limit: MAX_OPTIONS },
  );
  const lookup = useCustomerLookup(query, mode === 'lookup');
  const search =
    mode === 'directory'
      ? directorySearch
      : {
          rows: lookup.rows,
          total: lookup.rows?.length,
          answered: lookup.rows !== undefined ? query : null,
          emailLookup: { pending: lookup.pending, error: lookup.error },
        };
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const inputRef = useRef<HTMLInputElement>(null);
  const changeRef = useRef<HTMLButtonElement>(null);
  const hintId = useId();
  const [focusSearch, setFocusSearch] = useState(false);

  // An empty box asks nothing; the last answer stays meanwhile, so the options do not flicker.
  const asked = query.trim() !== '';
  const shown = asked ? (search.rows ?? []).slice(0, MAX_OPTIONS) : [];
  const matchCount = asked ? (search.total ?? 0) : 0;

  // The best match is highlighted, so Enter takes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run when the answered query changes
  useEffect(() => {
    if (asked && search.answered !== null) combobox.selectFirstOption();
  }, [search.answered, shown.length]);

  useEffect(() => {
    if (focusSearch && !value) {
      inputRef.current?.focus();
      setFocusSearch(false);
    }
  }, [focusSearch, value]);

  const choose = (customer: Customer) => {
    onChange(customer);
    setQuery('');
    combobox.closeDropdown();
  };

  const loading = state?.status === 'loading' && state.progress;
  // Lookup mode: what was typed is not (yet) an email address or a customer number.
  const incomplete = mode === 'lookup' && asked && lookup.key.kind === 'none';

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
          const customer = shown.find((match) => String(match.customerId) === optionValue);
          if (customer) choose(customer);
        }}
      >
        <Combobox.Target withExpandedAttribute>
          <TextInput
            ref={inputRef}
            label={t('pickerLabel')}
            placeholder={t(mode === 'lookup' ? 'pickerLookupPlaceholder' : 'pickerPlaceholder')}
            description={mode === 'lookup' ? t('pickerLookupHint') : undefined}
            type="search"
            // Mantine adds the popup, active-option and (withExpandedAttribute) expanded attributes; the role is ours.
            role="combobox"
            aria-autocomplete="list"
            autoComplete="off"
            spellCheck={false}
            autoFocus={autoFocus}
            value={query}
            // Only while loading: otherwise Mantine's own description (the lookup hint) describes the box.
            {...(loading ? { 'aria-describedby': hintId } : {})}
            onChange={(event) => {
              setQuery(event.currentTarget.value);
              combobox.openDropdown();
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
              </Combobox.Option>
            ))}
            {asked && search.answered !== null && matchCount === 0 && !search.emailLookup.pending ? (
              <Combobox.Empty>{t('pickerNoMatches')}</Combobox.Empty>
            ) : null}
            {incomplete ? <Combobox.Empty>{t('pickerLookupIncomplete')}</Combobox.Empty> : null}
            {search.emailLookup.pending ? (
              <Combobox.Empty>{t(mode === 'lookup' ? 'pickerLookupChecking' : 'emailChecking')}</Combobox.Empty>
            ) : null}
            {matchCount > MAX_OPTIONS ? (
              <Combobox.Empty>
                {t('pickerMore', { count: formatNumber(matchCount - MAX_OPTIONS, locale) })}
              </Combobox.Empty>
            ) : null}
            <Combobox.Option value={CREATE_OPTION} data-testid="customer-picker-create">
              <Text size="sm" c="light-dark(var(--mantine-color-blue-8), var(--mantine-color-blue-3))">
                {query.trim() ? t('pickerCreateWith', { text: query.trim() }) : t('pickerCreate')}
              </Text>
            </Combobox.Option>
          </Combobox.Options>
          {loading ? (
            <Combobox.Footer>
              <Text size="xs" c="dimmed" id={hintId}>
                {t('pickerStillLoading', {
                  done: formatNumber(state.progress?.rowsDone ?? 0, locale),
                  total: formatNumber(state.progress?.total ?? 0, locale),
                })}
              </Text>
            </Combobox.Footer>
          ) : null}
        </Combobox.Dropdown>
      </Combobox>
      <Modal opened={creating !== null} onClose={() => setCreating(null)} title={t('pickerCreate')} size="lg">
        {creating !== null ? (
          <CustomerForm
            compact
            autoFocus
            defaults={creating}
            directory={directory}
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
      </Modal>
    </>
  );
}

import { Button, Group, NativeSelect, Paper, Stack, TextInput } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import { useQuery } from '@tanstack/react-query';
import { IconSearch } from '../../components/icons/shell-icons';
import { useMessages } from '../../lib/i18n';
import { type CustomerListParams, hasFilters } from './customer-list-params';
import { customerQueries } from './customer-queries';
import { customersMessages } from './customers-messages';

interface CustomerSearchPanelProps {
  /** The search box as typed (the list follows it a moment later). */
  text: string;
  onType: (value: string) => void;
  params: CustomerListParams;
  /** A change of the filters, kept in the URL. */
  onChange: (change: Partial<CustomerListParams>) => void;
}

/** The customer list's search box and its filters: tag, opt-in and changed since. */
export function CustomerSearchPanel({ text, onType, params, onChange }: CustomerSearchPanelProps) {
  const t = useMessages(customersMessages);
  const clientTypes = useQuery(customerQueries.clientTypes());
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <TextInput
          label={t('search')}
          description={t('searchHint')}
          placeholder={t('searchPlaceholder')}
          type="search"
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(event) => onType(event.currentTarget.value)}
          autoComplete="off"
          spellCheck={false}
          data-testid="customer-search"
          size="md"
        />
        <Group gap="md" align="flex-end" wrap="wrap">
          <NativeSelect
            label={t('filterTag')}
            value={params.tag}
            onChange={(event) => onChange({ tag: event.currentTarget.value })}
            data={[
              { value: '', label: t('all') },
              ...(clientTypes.data ?? (params.tag ? [params.tag] : [])).map((tag) => ({ value: tag, label: tag })),
            ]}
          />
          <NativeSelect
            label={t('filterOptin')}
            value={params.optin}
            onChange={(event) => onChange({ optin: event.currentTarget.value as CustomerListParams['optin'] })}
            data={[
              { value: '', label: t('all') },
              { value: 'yes', label: t('optinYes') },
              { value: 'no', label: t('optinNo') },
              { value: 'unknown', label: t('optinUnknown') },
            ]}
          />
          <TextInput
            type="date"
            label={t('filterChangedSince')}
            value={params.since}
            onChange={(event) => onChange({ since: event.currentTarget.value })}
          />
          {hasFilters(params) ? (
            <Button variant="subtle" onClick={() => onChange({ tag: '', optin: '', since: '' })}>
              {t('clearFilters')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

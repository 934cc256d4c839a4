import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Skeleton.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback } from 'react';
import { Link, useParams } from 'react-router';
import { CUSTOM_FIELDS } from '@/contract/custom-fields';
import { EmptyState, ErrorState } from '../../components/page-states';
import { isApiError } from '../../lib/api-error';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { type Customer, customerName } from '../../lib/schemas/customer';
import { useCan } from '../../lib/use-can';
import { useCustomFieldLabels } from '../custom-fields/public';
import { CustomerNotesSection, customerNotesKeys } from '../customer-notes/public';
import { CustomerStorySection, customerStoryKeys } from '../customer-story/public';

import { PrivacySection } from '../privacy/public';
import { TagChips } from './customer-parts';
import { type KnownPref, prefRows, storedValueText } from './customer-prefs';
import { customerKeys, customerQueries, listedCustomer } from './customer-queries';
import { customersMessages } from './customers-messages';
import { TagEditor } from './tag-editor';
import './customers.css';
import { SectionCard } from '../../components/section-card';

/** Label–value pairs as a description list (read as such by screen readers). */
function Facts({ items }: { items: Array<[label: string, value: ReactNode, testId?: string]> }) {
  const t = useMessages(customersMessages);
  return (
    <dl className="foyer-facts">
      {items.map(([label, value, testId]) => (
        <div key={label}>
          <dt>
            <Text size="sm" c="dimmed" component="span">
              {label}
            </Text>
          </dt>
          <dd data-testid={testId}>
            {value === '' || value === null || value === undefined ? (
              <Text component="span" c="dimmed" aria-label="—">
                {t('none')}
              </Text>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The stored character with what it stands for, where it is one the form suggests (M, V, F); else as stored. */
const SALUTATIONS = ['M', 'V', 'F'] as const;
function salutationText(stored: string, t: (key: `salutation:${(typeof SALUTATIONS)[number]}`) => string): string {
  const known = SALUTATIONS.find((letter) => letter === stored.trim().toUpperCase());
  return known ? t(`salutation:${known}`) : stored;
}

function Preferences({ customer }: { customer: Customer }) {
  const t = useMessages(customersMessages);
  const rows = prefRows(customer.customerPrefs);
  const knownLabel: Record<KnownPref, string> = {
    user_prefs_optin: t('prefOptin'),
    user_prefs_mailinglist: t('prefMailinglist'),
    user_prefs_extra_optin: t('prefExtraOptin'),
  };
  if (!rows) return <Text data-testid="prefs-nothing">{t('prefsNothingStored')}</Text>;
  return (
    <Table data-testid="prefs-table">
      <caption className="foyer-visually-hidden">{t('preferences')}</caption>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key} data-testid="pref-row" data-key={row.key} data-state={row.state}>
            <Table.Th scope="row" fw={500}>
              {row.known ? knownLabel[row.known] : `${t('prefOtherKey')}: ${row.key}`}
            </Table.Th>
            <Table.Td>
              {row.state === 'other' ? (
                <code>{storedValueText(row.stored)}</code>
              ) : row.state === 'missing' ? (
                <Text size="sm" c="dimmed">
                  {t('no')} — {t('prefMissing')}
                </Text>
              ) : (
                <Group gap="xs">
                  <Badge
                    variant={row.state === 'yes' ? 'filled' : 'light'}
                    color={row.state === 'yes' ? 'teal.9' : 'gray'}
                    tt="none"
                  >
                    {row.state === 'yes' ? t('yes') : t('no')}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {t('prefStoredAs', { value: storedValueText(row.stored) })}
                  </Text>
                </Group>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function CustomerPage() {
  const t = useMessages(customersMessages);
  const { locale } = useLocale();
  const { customerId: param } = useParams();
  const customerId = Number(param);
  const valid = Number.isInteger(customerId) && customerId > 0;
  const queryClient = useQueryClient();
  // Editing and tagging are offered only to roles that may (a manager reads, marketing edits).
  const mayEdit = useCan('customers:write');
  const mayTag = useCan('tags:write');
  const mayPrivacy = useCan('privacy:manage');
  const customLabels = useCustomFieldLabels(useCallback((n: number) => t('custom', { n }), [t]));
  const query = useQuery({
    ...customerQueries.detail(customerId),
    enabled: valid,
    // The row the list showed appears at once; the service's answer replaces it.
    placeholderData: () => listedCustomer(queryClient, customerId),
  });

  if (!valid || (isApiError(query.error) && query.error.kind === 'notFound')) {
    return (
      <Stack gap="lg" maw={1100}>
        <Anchor component={Link} to="/customers">
          {t('backToList')}
        </Anchor>
        <Paper withBorder radius="md">
          <EmptyState title={t('customerNotFound', { id: param ?? '' })} />
        </Paper>
      </Stack>
    );
  }
  if (query.isError && !query.data) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const customer = query.data;
  if (!customer) {
    return (
      <Stack gap="md" maw={1100} aria-busy="true">
        <Skeleton h={36} w="40%" />
        <Skeleton h={200} />
      </Stack>
    );
  }

  const name = customerName(customer) || customer.email;
  return (
    <Stack gap="lg" maw={1100} data-testid="customer-page">
      <Anchor component={Link} to="/customers" size="sm">
        {t('backToList')}
      </Anchor>
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1}>{name}</Title>
          <Text c="dimmed" size="sm">
            {t('customerId')} {customer.customerId} · {t('lastChanged')}{' '}
            {customer.lastChanged ? formatDateTime(customer.lastChanged, locale) : t('none')}
          </Text>
        </Stack>
        {mayEdit ? (
          <Button component={Link} to={`/customers/${customer.customerId}/edit`}>
            {t('edit')}
          </Button>
        ) : null}
      </Group>

      <CustomerNotesSection customerId={customer.customerId} />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SectionCard title={t('details')} id="customer-details">
          <Facts
            items={[
              [t('salutation'), salutationText(customer.customerSalutation, t), 'customer-salutation'],
              [t('firstName'), customer.customerFirstName],
              [t('preposition'), customer.customerPreposition],
              [t('lastName'), customer.customerLastName],
              [t('externalId'), customer.customerExternalId],
              [t('credit'), formatMoney(customer.customerCredit, locale), 'customer-credit'],
            ]}
          />
        </SectionCard>
        <SectionCard title={t('contact')} id="customer-contact">
          <Facts
            items={[
              [
                t('email'),
                customer.email ? (
                  <Anchor key="email" href={`mailto:${customer.email}`}>
                    {customer.email}
                  </Anchor>
                ) : (
                  ''
                ),
                'customer-email',
              ],
              [t('phone'), customer.customerPhone, 'customer-phone'],
              [t('street'), customer.customerAddress],
              [t('houseNr'), customer.customerHouseNr],
              [t('zip'), customer.customerZip, 'customer-zip'],
              [t('city'), customer.customerCity],
              [t('country'), customer.customerCountry],
            ]}
          />
        </SectionCard>
        <SectionCard title={t('preferences')} id="customer-prefs">
          <Text size="sm" c="dimmed" mb="xs">
            {t('preferencesReadOnly')}
          </Text>
          <Preferences customer={customer} />
        </SectionCard>
        <SectionCard title={t('customFields')} id="customer-custom">
          <Facts items={CUSTOM_FIELDS.map((field) => [customLabels[field], customer[field], `custom-${field}`])} />
          {mayEdit ? (
            <Anchor component={Link} to="/customers/fields" size="xs" data-testid="name-custom-fields">
              {t('nameCustomFields')}
            </Anchor>
          ) : null}
        </SectionCard>
      </SimpleGrid>

      <SectionCard title={t('tagEditor')} id="customer-tags">
        {mayTag ? (
          <TagEditor customer={customer} />
        ) : customer.customerTags.length > 0 ? (
          <TagChips tags={customer.customerTags} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('noTags')}
          </Text>
        )}
      </SectionCard>

      {mayPrivacy ? (
        <PrivacySection
          customerId={customer.customerId}
          email={customer.email}
          // What the erasure took is read again: the customer, their notes (deleted with it) and their story (a
          // walkthrough saw the deleted note in both until a reload).
          onAnonymised={() => {
            for (const queryKey of [
              customerKeys.all,
              customerNotesKeys.customer(customer.customerId),
              customerStoryKeys.customer(customer.customerId),
            ])
              void queryClient.invalidateQueries({ queryKey });
          }}
        />
      ) : null}

      {/* Last: the story grows as it is scrolled. */}
      <CustomerStorySection customerId={customer.customerId} />
    </Stack>
  );
}

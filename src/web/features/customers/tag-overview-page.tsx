import { Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../components/page-states';
import { formatNumber } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { customerQueries } from './customer-queries';
import { customersMessages } from './customers-messages';
import { useSearchAfterSync } from './use-search-after-sync';

export function TagOverviewPage() {
  const t = useMessages(customersMessages);
  const { locale } = useLocale();
  const clientTypes = useQuery(customerQueries.clientTypes());
  // Counted by the gateway over its copy of all customers (again after each sync of it).
  useSearchAfterSync();
  const tagCounts = useQuery(customerQueries.tagCounts());
  const counts = useMemo<Array<[string, number]>>(() => {
    // Every valid tag of the client (also those nobody holds), and any other tag someone holds; most held first.
    const all = new Map<string, number>((clientTypes.data ?? []).map((tag) => [tag, 0]));
    for (const { tag, customers } of tagCounts.data ?? []) all.set(tag, customers);
    return [...all.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'nl'));
  }, [clientTypes.data, tagCounts.data]);

  return (
    <Stack gap="lg" maw={900}>
      <Anchor component={Link} to="/customers" size="sm">
        {t('backToList')}
      </Anchor>
      <Title order={1}>{t('tagOverviewTitle')}</Title>
      {clientTypes.isError ? <ErrorState error={clientTypes.error} onRetry={() => void clientTypes.refetch()} /> : null}
      {tagCounts.isError ? <ErrorState error={tagCounts.error} onRetry={() => void tagCounts.refetch()} /> : null}
      <Text size="sm" c="dimmed">
        {t('tagOverviewHint')}
      </Text>
      <Paper withBorder radius="md">
        <Table data-testid="tag-overview">
          <caption className="foyer-visually-hidden">{t('tagOverviewTitle')}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('tagName')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('tagCount')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {counts.map(([tag, count]) => (
              <Table.Tr key={tag} data-testid="tag-count-row" data-tag={tag} data-count={count}>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={`/customers?tag=${encodeURIComponent(tag)}`}
                    aria-label={t('showCustomers', { tag })}
                  >
                    {tag}
                  </Anchor>
                </Table.Td>
                <Table.Td ta="right" className="foyer-tabular">
                  {formatNumber(count, locale)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}

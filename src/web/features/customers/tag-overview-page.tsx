import { Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../components/page-states';
import { formatNumber } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { customerQueries } from '../../lib/queries/customer-queries';
import { DirectoryStatusBar } from './customer-parts';
import { customersMessages } from './customers-messages';
import { useCustomerDirectory } from './use-customer-directory';

export function TagOverviewPage() {
  const t = useMessages(customersMessages);
  const { locale } = useLocale();
  const { directory, state } = useCustomerDirectory();
  const clientTypes = useQuery(customerQueries.clientTypes());
  const [counts, setCounts] = useState<Array<[string, number]>>([]);
  const version = state?.version ?? 0;
  // Counted by the directory's worker, again whenever the customers change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: version stands for the directory's contents
  useEffect(() => {
    if (!directory) return;
    let current = true;
    directory.tagCounts(clientTypes.data ?? []).then(
      (value) => current && setCounts(value),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [directory, clientTypes.data, version]);

  return (
    <Stack gap="lg" maw={900}>
      <Anchor component={Link} to="/customers" size="sm">
        {t('backToList')}
      </Anchor>
      <Title order={1}>{t('tagOverviewTitle')}</Title>
      {directory ? <DirectoryStatusBar directory={directory} /> : null}
      {clientTypes.isError ? <ErrorState error={clientTypes.error} onRetry={() => void clientTypes.refetch()} /> : null}
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

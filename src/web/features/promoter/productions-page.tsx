import { Anchor, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState, ErrorState } from '../../components/page-states';
import { formatDate } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { promoterMessages } from './promoter-messages';
import { promoterQueries } from './promoter-queries';

/** The productions the person sees (a promoter's own), each leading to its dashboard. */
export function ProductionsPage() {
  const t = useMessages(promoterMessages);
  const { locale } = useLocale();
  const productions = useQuery(promoterQueries.productions());
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
      </Stack>
      {productions.isPending ? (
        <Skeleton h={120} />
      ) : productions.isError ? (
        <ErrorState error={productions.error} onRetry={() => void productions.refetch()} />
      ) : productions.data.productions.length === 0 ? (
        <EmptyState title={t('none')}>{t('noneHint')}</EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {productions.data.productions.map((production) => {
            const first = production.events.map((event) => event.start).sort()[0];
            return (
              <Paper
                component="li"
                withBorder
                radius="md"
                p="md"
                key={production.productionId}
                data-testid="production-card"
              >
                <Anchor
                  component={Link}
                  to={`/production-sales/${production.productionId}`}
                  fw={600}
                  aria-label={t('open', { title: production.title })}
                >
                  {production.title}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {t('performances', { count: production.events.length })}
                  {first ? ` · ${formatDate(first, locale)}` : ''}
                </Text>
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}

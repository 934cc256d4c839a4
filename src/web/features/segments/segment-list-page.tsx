import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Segment } from '@/contract/segments';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { formatDateTime } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { segmentsMessages } from './segments-messages';
import { segmentQueries } from './segments-queries';

const segmentRowId = (segment: Segment) => String(segment.id);

/** The organisation's saved segments (everyone with segments:manage sees them all); a row opens its builder. */
export function SegmentListPage() {
  const t = useMessages(segmentsMessages);
  const { locale } = useLocale();
  const navigate = useNavigate();
  const list = useQuery(segmentQueries.list());
  const open = useCallback((segment: Segment) => void navigate(`/customers/segments/${segment.id}`), [navigate]);
  const columns = useMemo<DataTableColumn<Segment>[]>(
    () => [
      {
        id: 'name',
        header: t('columnName'),
        cell: ({ row }) => (
          <Text component={Link} to={`/customers/segments/${row.original.id}`} size="sm" fw={500} c="inherit">
            {row.original.name}
          </Text>
        ),
      },
      { id: 'description', header: t('columnDescription'), accessorFn: (segment) => segment.description },
      { id: 'owner', header: t('columnOwner'), accessorFn: (segment) => segment.owner ?? '—' },
      {
        id: 'updated',
        header: t('columnUpdated'),
        accessorFn: (segment) =>
          `${formatDateTime(segment.updatedAt, locale)}${segment.updatedBy ? ` · ${segment.updatedBy}` : ''}`,
      },
    ],
    [t, locale],
  );
  const segments = list.data?.segments;
  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>{t('listTitle')}</Title>
          <Text size="sm" c="dimmed">
            {t('listIntro')}
          </Text>
        </Stack>
        <Button component={Link} to="/customers/segments/new">
          {t('newSegment')}
        </Button>
      </Group>
      <DataTable
        label={t('segmentsTable')}
        columns={columns}
        data={segments}
        rowCount={segments?.length}
        query={list}
        onRetry={() => void list.refetch()}
        getRowId={segmentRowId}
        onRowClick={open}
        emptyTitle={t('noSegments')}
        emptyText={t('noSegmentsHint')}
      />
    </Stack>
  );
}

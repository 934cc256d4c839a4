import { Badge, Group, Text } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { MirrorResource } from '@/contract/mirror';
import { SEGMENT_PREVIEW_PAGE_SIZE, type SegmentMember, type SegmentRule } from '@/contract/segments';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { useTablePage } from '../../components/data-table/use-table-page';
import { useFirstSyncRunning } from '../../components/mirror-freshness';
import { formatDate, formatMoney, formatNumber } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { segmentsMessages } from './segments-messages';
import { segmentQueries } from './segments-queries';

const memberRowId = (member: SegmentMember) => String(member.customerId);

/** A page of a rule's members (the page in the URL), the previous page shown while the next one loads. */
export function SegmentPreviewTable({
  rule,
  total,
  mirrored,
}: {
  rule: SegmentRule;
  total: number | undefined;
  /** What the rule reads of the mirror: while its first synchronisation runs, an empty page says so. */
  mirrored: readonly MirrorResource[];
}) {
  const t = useMessages(segmentsMessages);
  const copying = useFirstSyncRunning(mirrored);
  const { locale } = useLocale();
  const [page] = useTablePage();
  const preview = useQuery(segmentQueries.preview(rule, page));
  const members = preview.data?.members;
  // Until the count arrives, as far as the pages read so far reach.
  const rowCount =
    total ??
    (preview.data
      ? (page - 1) * SEGMENT_PREVIEW_PAGE_SIZE + preview.data.members.length + (preview.data.hasMore ? 1 : 0)
      : undefined);
  const columns = useMemo<DataTableColumn<SegmentMember>[]>(
    () => [
      {
        id: 'name',
        header: t('memberName'),
        cell: ({ row }) => (
          <Text component={Link} to={`/customers/${row.original.customerId}`} size="sm" c="inherit">
            {row.original.name || `#${row.original.customerId}`}
          </Text>
        ),
      },
      { id: 'email', header: t('memberEmail'), accessorFn: (member) => member.email },
      { id: 'city', header: t('memberCity'), accessorFn: (member) => member.city },
      { id: 'orders', header: t('memberOrders'), accessorFn: (member) => formatNumber(member.orders, locale) },
      { id: 'amount', header: t('memberAmount'), accessorFn: (member) => formatMoney(member.amount, locale) },
      {
        id: 'lastPurchase',
        header: t('memberLastPurchase'),
        accessorFn: (member) => (member.lastPurchase ? formatDate(member.lastPurchase, locale) : '—'),
      },
      {
        id: 'tags',
        header: t('memberTags'),
        cell: ({ row }) => (
          <Group gap={4}>
            {row.original.tags.map((tag) => (
              <Badge key={tag} size="sm" variant="light" color="gray">
                {tag}
              </Badge>
            ))}
          </Group>
        ),
      },
    ],
    [t, locale],
  );
  return (
    <DataTable
      label={t('previewTable')}
      columns={columns}
      data={members}
      rowCount={rowCount}
      pageSize={SEGMENT_PREVIEW_PAGE_SIZE}
      query={preview}
      onRetry={() => void preview.refetch()}
      getRowId={memberRowId}
      emptyTitle={copying ? t('noMembersYet') : t('noMembers')}
      emptyText={copying ? t('noMembersYetText') : t('noMembersText')}
    />
  );
}

import { Anchor, Group, Skeleton, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import { useQuery } from '@tanstack/react-query';
import { useLocalized, useMessages } from '../../lib/i18n';
import { orderQueries } from '../../lib/queries/order-queries';
import { orderPageMessages } from './order-page-messages';
import { PAYMENT_STATUSES } from './order-status';

export function PublicLinks({ orderKey }: { orderKey: string }) {
  const t = useMessages(orderPageMessages);
  const localized = useLocalized();
  const status = useQuery(orderQueries.publicStatus(orderKey));
  if (status.isPending) return <Skeleton h={24} w={260} />;
  if (status.isError || !status.data) {
    return (
      <Text size="sm" c="dimmed" role="status">
        {t('linksUnavailable')}
      </Text>
    );
  }
  const info = PAYMENT_STATUSES[status.data.order_payment_status];
  return (
    <Stack gap="xs">
      <Group gap="md">
        {status.data.order_tickets_url ? (
          <Anchor
            href={status.data.order_tickets_url}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="tickets-link"
          >
            {t('ticketsLink')} <span className="foyer-visually-hidden">{t('opensInNewTab')}</span>
          </Anchor>
        ) : null}
        {status.data.order_receipt_url ? (
          <Anchor
            href={status.data.order_receipt_url}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="receipt-link"
          >
            {t('receiptLink')} <span className="foyer-visually-hidden">{t('opensInNewTab')}</span>
          </Anchor>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed">
        {t('publicStatus', {
          status: info ? localized(info.label) : status.data.order_payment_status,
          count: status.data.order_tickets_nr,
        })}
      </Text>
    </Stack>
  );
}

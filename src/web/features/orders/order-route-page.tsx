import { Button, Paper } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/page-states';
import { useMessages } from '../../lib/i18n';
import { OrderByKeyPage } from './order-by-key-page';
import { OrderPage } from './order-page';
import { orderPageMessages } from './order-page-messages';
import { parseOrderRef } from './order-ref';
import { ordersMessages } from './orders-messages';

/** `/orders/:orderRef`: an order number opens the order; a key is looked up first. */
export function OrderRoutePage() {
  const t = useMessages(orderPageMessages);
  const ts = useMessages(ordersMessages);
  const raw = useParams().orderRef ?? '';
  const ref = parseOrderRef(raw);
  if (!ref) {
    return (
      <Paper withBorder radius="md">
        <EmptyState
          title={t('orderNotFound', { id: raw })}
          action={
            <Button component={Link} to="/orders" variant="light">
              {ts('backToList')}
            </Button>
          }
        >
          {ts('jumpInvalid')}
        </EmptyState>
      </Paper>
    );
  }
  // Keyed by the reference: another order is a fresh page, not a re-render of the previous one.
  return ref.kind === 'id' ? (
    <OrderPage key={ref.id} orderId={ref.id} />
  ) : (
    <OrderByKeyPage key={ref.key} orderKey={ref.key} />
  );
}

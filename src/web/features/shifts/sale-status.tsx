import { Group } from '@mantine/core';
import { OrderStatusBadge, PaymentStatusBadge } from '../orders/public-status';

/**
 * A shift sale's order and payment status as the order pages show them ("Besteld", "Betaald"), not the codes the
 * service sends ("ord / paid"); a status not read shows as nothing.
 */
export function SaleStatus({
  orderStatus,
  paymentStatus,
}: {
  orderStatus: string | null | undefined;
  paymentStatus: string | null | undefined;
}) {
  return (
    <Group gap={4} wrap="wrap" component="span">
      {orderStatus ? <OrderStatusBadge status={orderStatus} /> : null}
      {paymentStatus ? <PaymentStatusBadge status={paymentStatus} /> : null}
    </Group>
  );
}

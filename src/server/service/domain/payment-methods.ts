import type { PaymentMethod } from '@/contract/payment-method';
import type { Queryable } from '../../db/database';
import { centsToNumber } from './money';

/** `GET /partner/paymentmethods`: the client's methods in their display order; `fee` in EUR per order. */
export async function listPaymentMethods(db: Queryable, clientId: number): Promise<PaymentMethod[]> {
  const { rows } = await db.query<{ id: number; name: string; fee_cents: number }>(
    'select id, name, fee_cents from payment_methods where client_id = $1 order by position, id',
    [clientId],
  );
  return rows.map((row) => ({ paymentMethodId: row.id, name: row.name, fee: centsToNumber(row.fee_cents) }));
}

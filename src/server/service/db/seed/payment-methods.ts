import type { SeedContext } from './context';
import type { PaymentMethodRow } from './tables';

export interface PaymentMethods {
  cash: PaymentMethodRow;
  card: PaymentMethodRow;
  invoice: PaymentMethodRow;
  ideal: PaymentMethodRow;
  creditcard: PaymentMethodRow;
  bancontact: PaymentMethodRow;
}

/** DESIGN.md decision 6: desk methods settle at the sales point, online ones go through the payment page. */
export function buildPaymentMethods(ctx: SeedContext, clientId: number): PaymentMethods {
  const make = (
    position: number,
    name: string,
    kind: 'desk' | 'online',
    feeCents: number,
    deskStatus: 'paid' | 'pending' = 'paid',
  ): PaymentMethodRow => {
    const row: PaymentMethodRow = {
      id: ctx.ids.take('payment_methods'),
      client_id: clientId,
      name,
      fee_cents: feeCents,
      kind,
      desk_status: deskStatus,
      position,
    };
    ctx.tables.payment_methods.push(row);
    return row;
  };
  return {
    cash: make(1, 'Contant', 'desk', 0),
    card: make(2, 'Pin', 'desk', 0),
    invoice: make(3, 'Op rekening', 'desk', 0, 'pending'),
    ideal: make(4, 'iDEAL', 'online', 29),
    creditcard: make(5, 'Creditcard', 'online', 150),
    bancontact: make(6, 'Bancontact', 'online', 39),
  };
}

import { describe, expect, it } from 'vitest';
import { isPrintableOrder } from './order-printing';

describe('isPrintableOrder', () => {
  it('prints sold orders and reservations, not a cancelled or deleted order, nor one whose payment was cancelled', () => {
    for (const orderStatus of ['ord', 'reemit', 'reissue', 'res']) {
      expect(isPrintableOrder({ orderStatus, orderPaymentStatus: 'paid' }), orderStatus).toBe(true);
    }
    for (const orderStatus of ['cancel', 'trash']) {
      expect(isPrintableOrder({ orderStatus, orderPaymentStatus: 'paid' }), orderStatus).toBe(false);
    }
    expect(isPrintableOrder({ orderStatus: 'ord', orderPaymentStatus: 'cancelled' })).toBe(false);
  });
});

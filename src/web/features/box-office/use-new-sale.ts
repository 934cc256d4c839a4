import { useQueryClient } from '@tanstack/react-query';
import type { Dispatch } from 'react';
import type { OrderStatus } from '../../lib/schemas/order-status';
import { orderStatusKeys } from './cart-queries';
import { awaitsOnlinePayment } from './sale-complete';
import type { SaleAction } from './sale-state';
import type { SaleCart } from './use-sale-cart';

/**
 * New sale: abandon an unpaid cart, or leave an online payment still under way (each after a
 * confirmation), then a clean screen.
 */
export function useNewSale({
  sale,
  cartHasLines,
  dispatch,
  onStartOver,
}: {
  sale: SaleCart;
  cartHasLines: boolean;
  dispatch: Dispatch<SaleAction>;
  /** What else a clean screen needs beyond the cart and the sale's state (guards, the search). */
  onStartOver: () => void;
}) {
  const queryClient = useQueryClient();

  const startOver = () => {
    sale.reset();
    onStartOver();
    dispatch({ type: 'newSaleStarted' });
  };

  // The status the sale screen last read (shared through the query cache).
  const awaitingOnlinePayment = () =>
    sale.completed !== null &&
    awaitsOnlinePayment(
      sale.completed,
      queryClient.getQueryData<OrderStatus>(orderStatusKeys.detail(sale.completed.result.orderKey))
        ?.order_payment_status,
    );

  const newSale = () => {
    if (awaitingOnlinePayment()) {
      dispatch({ type: 'newSaleAsked', confirm: 'leavePayment' });
      return;
    }
    if (sale.completed || !cartHasLines) {
      if (sale.cartId && !sale.completed) sale.abandon.mutate(undefined, { onSuccess: startOver });
      else startOver();
      return;
    }
    dispatch({ type: 'newSaleAsked', confirm: 'abandonCart' });
  };

  /** The cart given up, then a clean screen: the buyer and method chosen for it go too. */
  const abandonAndStartOver = (onSettled?: () => void) =>
    sale.abandon.mutate(undefined, { onSuccess: startOver, ...(onSettled ? { onSettled } : {}) });

  return { newSale, startOver, abandonAndStartOver };
}

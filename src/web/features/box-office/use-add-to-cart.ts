import { type Dispatch, type RefObject, useRef } from 'react';
import { isApiError } from '../../lib/api-error';
import { useMessages } from '../../lib/i18n';
import type { CartAddItem } from '../../lib/schemas/partner-cart';
import { boxOfficeMessages } from './box-office-messages';
import { seatIdsNamedIn } from './cart-model';
import { unavailableAmong } from './plan-tickets';
import type { AddSource, SaleAction } from './sale-state';
import type { PerformanceTickets } from './use-performance-tickets';
import type { SaleCart } from './use-sale-cart';

/**
 * Adds tickets, donations or items to the sale's cart, once per press, and answers its outcome: a failure is
 * kept for the form that caused it, and a seat taken meanwhile leaves the selection.
 */
export function useAddToCart({
  sale,
  tickets,
  selectedSeats,
  dispatch,
  cartHeadingRef,
}: {
  sale: SaleCart;
  tickets: PerformanceTickets;
  selectedSeats: ReadonlySet<string>;
  dispatch: Dispatch<SaleAction>;
  cartHeadingRef: RefObject<HTMLElement | null>;
}) {
  const t = useMessages(boxOfficeMessages);
  // Two Enters within one frame both see "not pending" yet: this ref says it at once, so a quick double
  // press does not add the tickets twice.
  const adding = useRef(false);

  /**
   * A 409: a chosen seat went to another seller meanwhile. The plan is read again; the seats the service
   * named, or the plan now shows unavailable, are marked taken and leave the selection.
   */
  const seatTakenMeanwhile = async (message: string) => {
    const named = seatIdsNamedIn(message, selectedSeats);
    const fresh = await tickets.plan.refetch();
    const gone = new Set([...named, ...(fresh.data ? unavailableAmong(fresh.data, selectedSeats) : [])]);
    dispatch({
      type: 'seatsTaken',
      seats: [...gone],
      message:
        gone.size > 0 ? t('seatTaken', { seats: [...gone].map(tickets.seatLabel).join('; ') }) : t('seatTakenUnnamed'),
    });
  };

  const add = (items: CartAddItem[], source: AddSource, onAdded?: () => void) => {
    if (adding.current || sale.add.isPending || items.length === 0) return;
    adding.current = true;
    dispatch({ type: 'addStarted' });
    sale.add.mutate(items, {
      onSettled: () => {
        adding.current = false;
        // The pressed button was disabled while adding, which drops the focus to the page: continue in
        // the cart, where the new lines are and checkout is the next step.
        if (document.activeElement === document.body) cartHeadingRef.current?.focus();
      },
      // The cart's own add refreshes the availability (use-sale-cart.ts).
      onSuccess: () => onAdded?.(),
      onError: (error) => {
        if (isApiError(error) && error.kind === 'conflict' && source === 'tickets' && tickets.planMode) {
          void seatTakenMeanwhile(error.message);
          return;
        }
        dispatch({ type: 'addFailed', source, error });
        // Someone else was quicker: the availability shown is stale.
        if (isApiError(error) && error.kind === 'conflict' && tickets.eventId !== null) void tickets.event.refetch();
      },
    });
  };

  return {
    add,
    pending: sale.add.isPending,
    /** A new sale: an add still under way no longer counts (its answer is dropped with the cart). */
    release: () => {
      adding.current = false;
    },
  };
}

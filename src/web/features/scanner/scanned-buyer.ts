import { useEffect, useRef } from 'react';
import type { BuyerSummary } from '@/contract/customer-search';

/**
 * Where a scanned customer card or email goes: the box office's sale, while it is on screen. The scanner host asks
 * here whether a page takes a buyer (then it resolves codes "in the box office") and hands the customer over.
 */
let takeBuyer: ((buyer: BuyerSummary) => void) | null = null;

export const buyerTaker = () => takeBuyer;

/** While mounted, scanned customers become `onBuyer`'s (the latest function given is called). */
export function useScannedBuyer(onBuyer: (buyer: BuyerSummary) => void): void {
  const latest = useRef(onBuyer);
  latest.current = onBuyer;
  useEffect(() => {
    const take = (buyer: BuyerSummary) => latest.current(buyer);
    takeBuyer = take;
    return () => {
      if (takeBuyer === take) takeBuyer = null;
    };
  }, []);
}

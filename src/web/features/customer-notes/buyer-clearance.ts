import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { customerNotesQueries } from './customer-notes-queries';

/**
 * Whether the box office may check out with the buyer chosen: the buyer's notes and flags are read as soon as
 * they are picked; a stop flag ("do not sell") holds the sale until the seller confirms, for that choice only
 * (choosing another buyer, or the same one again, asks again). While the notes load the sale waits — a moment;
 * should they fail to load, the sale is not held (the alert says the notes are missing): the desk must be able
 * to sell when the gateway's notes cannot be read.
 */
export function useBuyerClearance(customerId: number | null) {
  const notes = useQuery({ ...customerNotesQueries.customer(customerId ?? 0), enabled: customerId !== null });
  const [confirmation, setConfirmation] = useState({ customerId, confirmed: false });
  // Another buyer chosen: the confirmation of the one before does not carry over (reset while rendering).
  if (confirmation.customerId !== customerId) setConfirmation({ customerId, confirmed: false });
  const data = customerId !== null && notes.data?.customerId === customerId ? notes.data : null;
  const stopped = (data?.flags ?? []).some((flag) => flag.severity === 'stop');
  const confirmed = customerId !== null && confirmation.customerId === customerId && confirmation.confirmed;
  const loading = customerId !== null && notes.isPending;
  return {
    customerId,
    notes: data,
    loading,
    error: notes.isError ? notes.error : null,
    /** A stop flag asks the seller to confirm. */
    needsConfirmation: stopped && !confirmed,
    confirmed,
    confirm: () => setConfirmation({ customerId, confirmed: true }),
    /** Checkout may go ahead. */
    cleared: customerId !== null && !loading && (!stopped || confirmed),
  };
}

export type BuyerClearance = ReturnType<typeof useBuyerClearance>;

import { useRefetchAfterSync } from '../../lib/queries/use-refetch-after-sync';
import { customerKeys } from './customer-queries';

const CUSTOMERS = ['customers'] as const;
const SEARCHES = [customerKeys.searches()];

/** The customer searches come from the gateway's mirror: asked again when a sync of its customers has finished. */
export function useSearchAfterSync(): void {
  useRefetchAfterSync(CUSTOMERS, SEARCHES);
}

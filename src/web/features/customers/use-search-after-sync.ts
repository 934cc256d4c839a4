import { useRefetchAfterSync } from '../../lib/queries/use-refetch-after-sync';
import { customerKeys } from './customer-queries';

const CUSTOMERS = ['customers'] as const;

/** The customer searches come from the gateway's mirror: asked again when a sync of its customers has finished. */
export function useSearchAfterSync(): void {
  useRefetchAfterSync(CUSTOMERS, [customerKeys.searches()]);
}

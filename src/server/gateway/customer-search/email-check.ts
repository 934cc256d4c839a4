import type { Logger } from 'pino';
import type { EmailCheck } from '@/contract/customer-search';
import type { Queryable } from '../../db/database';
import { UpstreamUnavailableError } from '../errors';
import { type MirrorCustomer, upsertCustomers } from '../mirror';
import { SINGLE_ATTEMPT, type UpstreamClient } from '../upstream';

/**
 * Asks the service for the customer with `email` (`findByEmail`, spec 4.2), so a customer created elsewhere a
 * moment ago — not yet in the mirror — is found by its exact email; what it returns goes into the mirror.
 * One call per exact email typed; the search answers from the mirror whatever the service says.
 */
export async function checkEmailUpstream(
  db: Queryable,
  log: Logger,
  upstream: UpstreamClient,
  email: string,
): Promise<{ result: EmailCheck; customerId?: number }> {
  let customer: MirrorCustomer | null;
  try {
    customer = (await upstream.read('POST', '/partner/customer/findByEmail', {
      body: { email },
      missing: 'null',
      retry: SINGLE_ATTEMPT,
    })) as MirrorCustomer | null;
  } catch (error) {
    if (error instanceof UpstreamUnavailableError && error.upstreamStatus === 422) return { result: 'not-found' };
    log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'findByEmail failed');
    return { result: 'failed' };
  }
  if (customer === null) return { result: 'not-found' };
  const customerId = Number(customer?.customerId);
  if (!Number.isSafeInteger(customerId)) return { result: 'failed' };
  await upsertCustomers(db, upstream.organisationId, [customer]);
  return { result: 'found', customerId };
}

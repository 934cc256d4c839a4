import type { Context } from 'hono';
import type { EmailCheck } from '@/contract/customer-search';
import type { GatewayDeps, GatewayEnv } from '../access';
import { type MirrorCustomer, upsertCustomers } from '../mirror/mirror-store';
import { requestOrigin } from '../same-origin';

/**
 * Asks the service for the customer with `email` (`findByEmail`, spec 4.2), so a customer created elsewhere a
 * moment ago — not yet in the mirror — is found by its exact email; what it returns goes into the mirror.
 * One call per exact email typed; the search answers from the mirror whatever the service says.
 */
export async function checkEmailUpstream(
  c: Context<GatewayEnv>,
  deps: GatewayDeps,
  email: string,
): Promise<{ result: EmailCheck; customerId?: number }> {
  const principal = c.get('principal');
  try {
    const apiKey = deps.organisations.openKey(principal.sealedApiKey, principal.clientName);
    const response = await deps.service.fetch(
      `/v1/${principal.clientName}/partner/customer/findByEmail`,
      {
        method: 'POST',
        headers: { authorization: apiKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ email }),
      },
      requestOrigin(c),
    );
    if (response.status === 404 || response.status === 422) return { result: 'not-found' };
    if (!response.ok) {
      deps.log.warn({ status: response.status }, 'findByEmail for the customer search failed');
      return { result: 'failed' };
    }
    const customer = (await response.json()) as MirrorCustomer;
    const customerId = Number(customer?.customerId);
    if (!Number.isSafeInteger(customerId)) return { result: 'failed' };
    await upsertCustomers(deps.db, principal.organisationId, [customer]);
    return { result: 'found', customerId };
  } catch (error) {
    deps.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'findByEmail unreachable');
    return { result: 'failed' };
  }
}

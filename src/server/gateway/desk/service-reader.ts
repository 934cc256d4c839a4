import type { Context } from 'hono';
import type { GatewayDeps, GatewayEnv } from '../access';
import { requestOrigin } from '../same-origin';
import { answerText, ServiceUnreachableError } from '../service-connection';

/** The service answered a read of the gateway's own with an error (not a 404): the route answers 502. */
export class ServiceReadError extends Error {
  constructor(
    readonly status: number,
    path: string,
  ) {
    super(`the Ticketing Service answered ${status} to ${path}`);
  }
}

/**
 * Reads of the gateway's own (the desk's narrow routes) from the Ticketing Service, with the organisation's
 * API key, below `/v1/{client_name}`. The answer is JSON, or null for a 404. Unlike forwarded calls these
 * are not checked against the route table: each route that uses them is declared with its own access rule
 * and sends the browser only what that rule allows.
 */
export function serviceReaderFor(deps: GatewayDeps, c: Context<GatewayEnv>) {
  const principal = c.get('principal');
  const origin = requestOrigin(c);
  const base = `/v1/${encodeURIComponent(principal.clientName)}`;
  return async (method: 'GET' | 'POST', pathAndQuery: string, body?: unknown): Promise<unknown> => {
    const apiKey = deps.organisations.openKey(principal.sealedApiKey, principal.clientName);
    const headers: Record<string, string> = { authorization: apiKey, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const answer = await deps.service.fetch(
      `${base}${pathAndQuery}`,
      { method, headers, body: body === undefined ? undefined : JSON.stringify(body) },
      origin,
    );
    if (answer.status === 404) {
      await answer.body?.cancel();
      return null;
    }
    if (!answer.ok) {
      await answer.body?.cancel();
      throw new ServiceReadError(answer.status, pathAndQuery.split('?')[0] ?? '');
    }
    return JSON.parse(await answerText(deps.service, answer)) as unknown;
  };
}

export type ServiceReader = ReturnType<typeof serviceReaderFor>;

/** The answer to the browser when the service could not be read: 502/504, as for a forwarded call. */
export function serviceFailure(c: Context, deps: GatewayDeps, error: unknown): Response {
  if (error instanceof ServiceUnreachableError) {
    deps.log.error({ reason: error.message }, 'the Ticketing Service cannot be reached');
    return error.timedOut
      ? c.json({ message: 'The Ticketing Service did not answer in time.' }, 504)
      : c.json({ message: 'The Ticketing Service cannot be reached. Try again later.' }, 502);
  }
  if (error instanceof ServiceReadError) {
    deps.log.error({ status: error.status, reason: error.message }, 'a desk read failed at the Ticketing Service');
    return c.json(
      {
        message:
          error.status === 401 || error.status === 403
            ? "The Ticketing Service refused the organisation's API key. An administrator must replace it."
            : `The Ticketing Service answered ${error.status}. Try again later.`,
      },
      502,
    );
  }
  throw error;
}

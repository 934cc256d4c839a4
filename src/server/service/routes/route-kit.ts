import { type Hook, OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { errorBodySchema } from '@/contract/common';
import type { ServiceEnv } from '../context';

/**
 * Small helpers every route module uses, so each resource file is just its route definitions and
 * handlers (the Hono OpenAPI starter layout).
 */
export type ServiceApp = OpenAPIHono<ServiceEnv>;

/** Paths are declared whole, in OpenAPI form, so the document lists exactly what is served. */
export const publicPath = (path: string) => `/v1/{client_name}${path}`;
export const partnerPath = (path: string) => `/v1/{client_name}/partner${path}`;

export const clientNameParam = z.string().min(1).max(64).meta({ description: 'The client (organisation) name' });
export const clientParams = z.object({ client_name: clientNameParam });

export const jsonContent = <Schema extends z.ZodType>(schema: Schema, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});

const errorDescriptions = {
  400: 'Unparsable JSON',
  401: 'Missing or unknown API key',
  403: 'API key of another client',
  404: 'Unknown resource',
  409: 'No longer available',
  422: 'Validation error',
  429: 'Rate limited',
} as const;

/** Error responses for a route's OpenAPI entry; every error body is `{ message }`. */
export function errorResponses<Status extends keyof typeof errorDescriptions>(...statuses: Status[]) {
  return Object.fromEntries(
    statuses.map((status) => [status, jsonContent(errorBodySchema, errorDescriptions[status])]),
  ) as Record<Status, ReturnType<typeof jsonContent<typeof errorBodySchema>>>;
}

/** The errors every partner route can give. */
export const partnerErrors = errorResponses(401, 403, 404);

/** Validation failures of a request: 422 with the failing fields; a malformed path id is a 404. */
export const validationHook: Hook<unknown, ServiceEnv, string, unknown> = (result, c) => {
  if (result.success) return;
  if (result.target === 'param') return c.json({ message: 'Not found' }, 404);
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : '_';
    errors[field] ??= [];
    errors[field].push(issue.message);
  }
  return c.json({ message: 'The given data was invalid.', errors }, 422);
};

export function createServiceRouter(): ServiceApp {
  return new OpenAPIHono<ServiceEnv>({ defaultHook: validationHook });
}

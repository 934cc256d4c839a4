import { createRoute, type Hook, z } from '@hono/zod-openapi';
import { idParamSchema } from '@/contract/common';
import {
  clientTypeListSchema,
  clientTypesBodySchema,
  customerCreateSchema,
  customerSchema,
  customerUpdateSchema,
  findByEmailSchema,
} from '@/contract/customer';
import type { ServiceEnv } from '../../context';
import { DUPLICATE_EMAIL_MESSAGE, INVALID_DATA_MESSAGE, isEmailTaken } from '../../domain/customer-validation';
import {
  createCustomer,
  findCustomerByEmail,
  getCustomer,
  getCustomerTags,
  setCustomerTags,
  updateCustomer,
} from '../../domain/customers';
import {
  clientParams,
  errorResponses,
  jsonContent,
  partnerErrors,
  partnerPath,
  type ServiceApp,
  validationHook,
} from '../route-kit';

const tags = ['partner: customers'];
const customerParams = clientParams.extend({ customerId: idParamSchema });
const jsonBody = <Schema extends z.ZodType>(schema: Schema) => ({
  content: { 'application/json': { schema } },
  required: true,
});

const createCustomerRoute = createRoute({
  method: 'post',
  path: partnerPath('/customer'),
  tags,
  request: { params: clientParams, body: jsonBody(customerCreateSchema) },
  responses: { 201: jsonContent(customerSchema, 'The new customer'), ...partnerErrors, ...errorResponses(400, 422) },
});

const findByEmailRoute = createRoute({
  method: 'post',
  path: partnerPath('/customer/findByEmail'),
  tags,
  request: { params: clientParams, body: jsonBody(findByEmailSchema) },
  responses: {
    200: jsonContent(customerSchema, 'The customer with that email (case-insensitive)'),
    ...partnerErrors,
    ...errorResponses(400, 422),
  },
});

const getCustomerRoute = createRoute({
  method: 'get',
  path: partnerPath('/customer/{customerId}'),
  tags,
  request: { params: customerParams },
  responses: { 200: jsonContent(customerSchema, 'One customer'), ...partnerErrors },
});

const updateCustomerRoute = createRoute({
  method: 'put',
  path: partnerPath('/customer/{customerId}'),
  tags,
  request: { params: customerParams, body: jsonBody(customerUpdateSchema) },
  responses: {
    200: jsonContent(customerSchema, 'The updated customer; only sent fields changed'),
    ...partnerErrors,
    ...errorResponses(400, 422),
  },
});

const getClientTypesRoute = createRoute({
  method: 'get',
  path: partnerPath('/customer/{customerId}/clienttypes'),
  tags,
  request: { params: customerParams },
  responses: { 200: jsonContent(clientTypeListSchema, 'The customer’s tags'), ...partnerErrors },
});

const setClientTypesRoute = createRoute({
  method: 'post',
  path: partnerPath('/customer/{customerId}/clienttypes'),
  tags,
  request: { params: customerParams, body: jsonBody(clientTypesBodySchema) },
  responses: {
    200: jsonContent(clientTypeListSchema, 'The customer’s tags after replacing them'),
    ...partnerErrors,
    ...errorResponses(400, 422),
  },
});

/**
 * Like the shared validation hook, but a body that fails validation also reports a duplicate email, so
 * one 422 names every failing field (the duplicate check otherwise runs only after validation passed).
 */
const customerBodyHook: Hook<unknown, ServiceEnv, string, unknown> = async (result, c) => {
  if (result.success || result.target !== 'json') return validationHook(result, c);
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : '_';
    errors[field] ??= [];
    errors[field].push(issue.message);
  }
  const body = (result as { data?: unknown }).data;
  const email = typeof body === 'object' && body !== null ? (body as { email?: unknown }).email : undefined;
  if (!errors.email && typeof email === 'string' && z.email().safeParse(email).success) {
    const ownId = Number(c.req.param('customerId'));
    const exceptId = Number.isSafeInteger(ownId) ? ownId : undefined;
    if (await isEmailTaken(c.get('deps').db, c.get('client').id, email, exceptId)) {
      errors.email = [DUPLICATE_EMAIL_MESSAGE];
    }
  }
  return c.json({ message: INVALID_DATA_MESSAGE, errors }, 422);
};

export function registerCustomerRoutes(app: ServiceApp): void {
  // findByEmail first: `/customer/findByEmail` must not be taken for a `{customerId}`.
  app.openapi(findByEmailRoute, async (c) => {
    const { db } = c.get('deps');
    return c.json(await findCustomerByEmail(db, c.get('client'), c.req.valid('json').email), 200);
  });
  app.openapi(
    createCustomerRoute,
    async (c) => {
      const { db, now } = c.get('deps');
      return c.json(await createCustomer(db, c.get('client'), c.req.valid('json'), now()), 201);
    },
    // The hook answers only failures, so it needs none of the route's typed success responses.
    customerBodyHook as never,
  );
  app.openapi(getCustomerRoute, async (c) => {
    const { db } = c.get('deps');
    return c.json(await getCustomer(db, c.get('client'), c.req.valid('param').customerId), 200);
  });
  app.openapi(
    updateCustomerRoute,
    async (c) => {
      const { db, now } = c.get('deps');
      const { customerId } = c.req.valid('param');
      return c.json(await updateCustomer(db, c.get('client'), customerId, c.req.valid('json'), now()), 200);
    },
    customerBodyHook as never,
  );
  app.openapi(getClientTypesRoute, async (c) => {
    const { db } = c.get('deps');
    return c.json(await getCustomerTags(db, c.get('client'), c.req.valid('param').customerId), 200);
  });
  app.openapi(setClientTypesRoute, async (c) => {
    const { db, now } = c.get('deps');
    const { customerId } = c.req.valid('param');
    const { clienttypes } = c.req.valid('json');
    return c.json(await setCustomerTags(db, c.get('client'), customerId, clienttypes, now()), 200);
  });
}

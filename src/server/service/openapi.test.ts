import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestService, type TestService } from '../testing/test-service';

/** Every operation of spec section 4, written out so that a missing one fails by name. */
const SPEC_OPERATIONS = [
  // 4.1 public group
  'GET /events',
  'GET /events/{event_id}',
  'GET /tickettypes/{event_id}',
  'POST /cart/',
  'GET /cart/{cart_id}',
  'POST /cart/{cart_id}',
  'DELETE /cart/{cart_id}/{seat_id}',
  'POST /order/create',
  'GET /order/{order_key}',
  // 4.2 partner group: customers
  'POST /partner/customer',
  'POST /partner/customer/findByEmail',
  'GET /partner/customer/{customerId}',
  'PUT /partner/customer/{customerId}',
  'GET /partner/customer/{customerId}/clienttypes',
  'POST /partner/customer/{customerId}/clienttypes',
  // events and productions
  'GET /partner/event',
  'GET /partner/event/{eventId}',
  'GET /partner/production/{productionId}',
  // cart
  'GET /partner/cart/{cartId}/summary',
  'GET /partner/cart/{cartId}',
  'POST /partner/cart/{cartId}',
  'DELETE /partner/cart/{cartId}/{itemId}',
  'DELETE /partner/cart/{cartId}',
  'POST /partner/cart/{cartId}/checkout',
  // orders
  'GET /partner/order',
  'GET /partner/order/{orderId}',
  // halls, seating, payment methods
  'GET /partner/hall',
  'GET /partner/hall/{hallId}',
  'GET /partner/seating/{eventId}',
  'GET /partner/paymentmethods',
  // exports
  'GET /partner/export/clienttypes',
  'POST /partner/export/customers',
  'POST /partner/export/orders',
  'POST /partner/export/waitinglist',
] as const;

interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
}

describe('GET /openapi.json', () => {
  let service: TestService;
  let response: Response;
  let document: OpenApiDocument;
  let operations: Set<string>;

  beforeAll(async () => {
    service = await createTestService();
    response = await service.request('/openapi.json');
    document = (await response.clone().json()) as OpenApiDocument;
    const prefix = '/v1/{client_name}';
    operations = new Set(
      Object.entries(document.paths)
        .filter(([path]) => path.startsWith(prefix))
        .flatMap(([path, methods]) =>
          Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.slice(prefix.length)}`),
        ),
    );
  });
  afterAll(async () => {
    await service?.close();
  });

  it('is served as JSON without a key, version 1.0.0, OpenAPI 3.1', () => {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.info.version).toBe('1.0.0');
    expect(document.info.title).toBeTruthy();
  });

  it('lists every operation of spec section 4 under /v1/{client_name}', () => {
    const missing = SPEC_OPERATIONS.filter((operation) => !operations.has(operation));
    expect(missing).toEqual([]);
  });

  it('lists nothing outside the spec under /v1/{client_name}', () => {
    const extra = [...operations].filter((operation) => !(SPEC_OPERATIONS as readonly string[]).includes(operation));
    expect(extra).toEqual([]);
  });

  it('documents a 200 or 201 response for every operation, and the key errors for partner ones', () => {
    const problems: string[] = [];
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const statuses = Object.keys(operation.responses ?? {});
        if (!statuses.some((status) => status === '200' || status === '201')) {
          problems.push(`${method} ${path}: no success response`);
        }
        if (path.includes('/partner/') && !(statuses.includes('401') && statuses.includes('403'))) {
          problems.push(`${method} ${path}: 401/403 not documented`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

import { createRoute, z } from '@hono/zod-openapi';
import {
  checkoutRequestSchema,
  checkoutResponseSchema,
  partnerCartAddSchema,
  partnerCartSchema,
  partnerCartSummarySchema,
} from '@/contract/partner-cart';
import type { Client, ServiceDeps } from '../../context';
import { addPartnerItems } from '../../domain/cart-items';
import { cartLines, toPartnerCart, toPartnerSummary } from '../../domain/cart-views';
import { currentCart, deleteCart, deleteCartItem } from '../../domain/carts';
import { checkoutPartnerCart } from '../../domain/checkout';
import { clientParams, errorResponses, jsonContent, partnerErrors, partnerPath, type ServiceApp } from '../route-kit';

const cartParams = clientParams.extend({ cartId: z.string().meta({ description: 'Cart id from `POST /cart/`' }) });
const tags = ['partner: cart'];

const summaryRoute = createRoute({
  method: 'get',
  path: partnerPath('/cart/{cartId}/summary'),
  tags,
  request: { params: cartParams },
  responses: { 200: jsonContent(partnerCartSummarySchema, 'Cart summary'), ...partnerErrors },
});

const getRoute = createRoute({
  method: 'get',
  path: partnerPath('/cart/{cartId}'),
  tags,
  request: { params: cartParams },
  responses: { 200: jsonContent(partnerCartSchema, 'The cart'), ...partnerErrors },
});

const addRoute = createRoute({
  method: 'post',
  path: partnerPath('/cart/{cartId}'),
  tags,
  request: {
    params: cartParams,
    body: { ...jsonContent(partnerCartAddSchema, 'Items to add; all are added or none'), required: true },
  },
  responses: {
    200: jsonContent(partnerCartSchema, 'The updated cart'),
    ...partnerErrors,
    ...errorResponses(400, 409, 422),
  },
});

const deleteItemRoute = createRoute({
  method: 'delete',
  path: partnerPath('/cart/{cartId}/{itemId}'),
  tags,
  request: { params: cartParams.extend({ itemId: z.string().meta({ description: 'itemId from the cart' }) }) },
  responses: { 200: jsonContent(partnerCartSchema, 'The updated cart'), ...partnerErrors },
});

const deleteCartRoute = createRoute({
  method: 'delete',
  path: partnerPath('/cart/{cartId}'),
  tags,
  request: { params: cartParams },
  responses: { 200: { description: 'Abandoned; empty body; held seats released' }, ...partnerErrors },
});

const checkoutRoute = createRoute({
  method: 'post',
  path: partnerPath('/cart/{cartId}/checkout'),
  tags,
  request: {
    params: cartParams,
    body: { ...jsonContent(checkoutRequestSchema, 'Customer and payment method'), required: true },
  },
  responses: {
    200: jsonContent(checkoutResponseSchema, 'The order of this cart (the same one on every call)'),
    ...partnerErrors,
    ...errorResponses(400, 409, 422),
  },
});

async function cartJson(deps: ServiceDeps, client: Client, cartId: string) {
  const now = deps.now();
  const cart = await currentCart(deps.db, client.id, cartId, now);
  return toPartnerCart(cart, await cartLines(deps.db, cart.id), client.timeZone, now);
}

export function registerPartnerCartRoutes(app: ServiceApp): void {
  app.openapi(summaryRoute, async (c) => {
    const deps = c.get('deps');
    const client = c.get('client');
    const now = deps.now();
    const cart = await currentCart(deps.db, client.id, c.req.valid('param').cartId, now);
    return c.json(toPartnerSummary(cart, await cartLines(deps.db, cart.id), client.timeZone, now), 200);
  });
  app.openapi(getRoute, async (c) =>
    c.json(await cartJson(c.get('deps'), c.get('client'), c.req.valid('param').cartId), 200),
  );
  app.openapi(addRoute, async (c) => {
    const deps = c.get('deps');
    const client = c.get('client');
    const { cartId } = c.req.valid('param');
    const { cart, lines } = await addPartnerItems(deps, client, cartId, c.req.valid('json'));
    return c.json(toPartnerCart(cart, lines, client.timeZone, deps.now()), 200);
  });
  app.openapi(deleteItemRoute, async (c) => {
    const deps = c.get('deps');
    const client = c.get('client');
    const { cartId, itemId } = c.req.valid('param');
    await deleteCartItem(deps.db, client.id, cartId, itemId, deps.now());
    return c.json(await cartJson(deps, client, cartId), 200);
  });
  app.openapi(deleteCartRoute, async (c) => {
    await deleteCart(c.get('deps').db, c.get('client').id, c.req.valid('param').cartId);
    return c.body(null, 200);
  });
  app.openapi(checkoutRoute, async (c) => {
    const origin = new URL(c.req.url).origin;
    const result = await checkoutPartnerCart(
      c.get('deps'),
      c.get('client'),
      c.req.valid('param').cartId,
      c.req.valid('json'),
      origin,
    );
    return c.json(result, 200);
  });
}

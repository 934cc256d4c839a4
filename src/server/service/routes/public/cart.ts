import { createRoute, z } from '@hono/zod-openapi';
import { publicCartAddSchema, publicCartCreatedSchema, publicCartSchema } from '@/contract/public-cart';
import { addPublicTickets } from '../../domain/cart-items';
import { cartLines, toPublicCart } from '../../domain/cart-views';
import { createCart, currentCart, deleteCartItem } from '../../domain/carts';
import { clientParams, errorResponses, jsonContent, publicPath, type ServiceApp } from '../route-kit';

const cartParams = clientParams.extend({ cart_id: z.string().meta({ description: 'Cart id from `POST /cart/`' }) });

const createCartRoute = createRoute({
  method: 'post',
  path: publicPath('/cart/'),
  tags: ['public: cart'],
  request: { params: clientParams },
  responses: {
    201: {
      ...jsonContent(publicCartCreatedSchema, 'A new, empty cart'),
      headers: z.object({ Location: z.string().meta({ description: 'URL of the new cart' }) }),
    },
    ...errorResponses(404),
  },
});

const getCartRoute = createRoute({
  method: 'get',
  path: publicPath('/cart/{cart_id}'),
  tags: ['public: cart'],
  request: { params: cartParams },
  responses: { 200: jsonContent(publicCartSchema, 'Cart contents (spec 2.4)'), ...errorResponses(404) },
});

const addToCartRoute = createRoute({
  method: 'post',
  path: publicPath('/cart/{cart_id}'),
  tags: ['public: cart'],
  request: {
    params: cartParams,
    body: { ...jsonContent(publicCartAddSchema, 'Tickets of one ticket type for one sub-event'), required: true },
  },
  responses: {
    200: jsonContent(publicCartSchema, 'The full cart after the add'),
    ...errorResponses(400, 404, 409, 422),
  },
});

const deleteItemRoute = createRoute({
  method: 'delete',
  path: publicPath('/cart/{cart_id}/{seat_id}'),
  tags: ['public: cart'],
  request: { params: cartParams.extend({ seat_id: z.string().meta({ description: 'The cart item id' }) }) },
  responses: { 200: { description: 'Removed; empty body' }, ...errorResponses(404) },
});

export function registerPublicCartRoutes(app: ServiceApp): void {
  app.openapi(createCartRoute, async (c) => {
    const { db, now } = c.get('deps');
    const client = c.get('client');
    const cartId = await createCart(db, client.id, now());
    const location = `${new URL(c.req.url).origin}/v1/${encodeURIComponent(client.name)}/cart/${cartId}`;
    return c.json({ cart_id: cartId }, 201, { Location: location });
  });
  app.openapi(getCartRoute, async (c) => {
    const { db, now } = c.get('deps');
    const client = c.get('client');
    const cart = await currentCart(db, client.id, c.req.valid('param').cart_id, now());
    return c.json(toPublicCart(await cartLines(db, cart.id), client.timeZone), 200);
  });
  app.openapi(addToCartRoute, async (c) => {
    const deps = c.get('deps');
    const client = c.get('client');
    const { cart_id } = c.req.valid('param');
    await addPublicTickets(deps, client, cart_id, c.req.valid('json'));
    return c.json(toPublicCart(await cartLines(deps.db, cart_id), client.timeZone), 200);
  });
  app.openapi(deleteItemRoute, async (c) => {
    const { db, now } = c.get('deps');
    const { cart_id, seat_id } = c.req.valid('param');
    await deleteCartItem(db, c.get('client').id, cart_id, seat_id, now());
    return c.body(null, 200);
  });
}

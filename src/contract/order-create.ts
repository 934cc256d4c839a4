import { z } from 'zod';

const optionalText = (max: number) => z.string().max(max).optional();

/** Order create request (spec 2.5), `POST /order/create`. */
export const orderCreateRequestSchema = z
  .object({
    cart_id: z.string().min(1).max(200),
    payment_id: z.number().int().positive().max(2_147_483_647),
    redirectURL: z.url().max(2000).meta({ description: 'HTTPS URL the buyer returns to after payment' }),
    email: z.email().max(255),
    firstname: z.string().trim().min(1).max(255),
    lastname: z.string().trim().min(1).max(255),
    phone: z
      .string()
      .regex(/^\+?\d{1,20}$/, 'phone must be digits with an optional leading +.')
      .optional(),
    address: optionalText(255),
    city: optionalText(255),
    zip: optionalText(10),
    avg_optin: z.boolean().optional(),
    avg_mailinglist: z.boolean().optional(),
  })
  .meta({ id: 'OrderCreateRequest' });
export type OrderCreateRequest = z.infer<typeof orderCreateRequestSchema>;

export const orderCreateResponseSchema = z
  .array(z.object({ url: z.url(), order_key: z.string() }))
  .meta({ id: 'OrderCreateResponse' });
export type OrderCreateResponse = z.infer<typeof orderCreateResponseSchema>;

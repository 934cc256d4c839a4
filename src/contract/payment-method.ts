import { z } from 'zod';

/** PaymentMethod (spec 2.13); `fee` is a fixed amount in EUR per order (DESIGN.md decision 6). */
export const paymentMethodSchema = z
  .object({
    paymentMethodId: z.number().int(),
    name: z.string(),
    fee: z.number().meta({ description: 'Fixed fee per order, EUR' }),
  })
  .meta({ id: 'PaymentMethod' });
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

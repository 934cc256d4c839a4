import { z } from 'zod/mini';
import { lenientDecimal, lenientInt } from '../lenient';

/** PaymentMethod (spec 2.13); `fee` is a fixed amount per order in EUR (DESIGN.md decision 6). */
export const paymentMethodSchema = z.object({
  paymentMethodId: lenientInt,
  name: z.catch(z.string(), ''),
  fee: z.catch(lenientDecimal, 0),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const paymentMethodListSchema = z.array(paymentMethodSchema);

import { z } from 'zod';
import { isoDateTimeSchema } from './common';
import { customerSchema } from './customer';
import { paginated } from './pagination';

/** WaitinglistExport (spec 2.12). */
export const waitinglistExportSchema = z
  .object({
    waitingId: z.number().int(),
    customerId: z.number().int(),
    eventId: z.number().int(),
    numberOfTickets: z.number().int(),
    type: z.string().meta({ description: '`waiting`, `notified`, `converted`, `expired`, `cancelled`' }),
    createdAt: isoDateTimeSchema,
    notifiedAt: isoDateTimeSchema.nullable(),
    user: customerSchema,
  })
  .meta({ id: 'WaitinglistExport' });
export type WaitinglistExport = z.infer<typeof waitinglistExportSchema>;

export const waitinglistPageSchema = paginated(waitinglistExportSchema).meta({ id: 'WaitinglistPage' });

import { z } from 'zod';

/**
 * The organisation's connection to the Ticketing Service (`GET` and `PUT /api/connection`): its client name and
 * when (and by whom) its API key last changed; the key itself never leaves the gateway. Null for an
 * organisation that is not connected. Pure, like the rest of src/contract.
 */
export const connectionSchema = z
  .object({
    clientName: z.string(),
    keyChangedAt: z.string(),
    keyChangedBy: z.string().nullable(),
  })
  .nullable();
export type Connection = NonNullable<z.infer<typeof connectionSchema>>;

/** `PUT /api/connection`: a new API key for the organisation's client. */
export const apiKeyChangeSchema = z.object({
  apiKey: z.string().trim().min(1, 'Enter the API key').max(1024, 'At most 1024 characters'),
});
export type ApiKeyChange = z.input<typeof apiKeyChangeSchema>;

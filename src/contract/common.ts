import { z } from 'zod';

/**
 * Pieces shared by several resources of the interface. The contract is pure: it imports only zod, so the
 * app, the gateway and the reference service all read the same definitions.
 */

/** Every error body: `{ message }`; validation errors (422) add the failing fields. */
export const errorBodySchema = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    /** Why a 403 refused, where the app words it itself: `outside-networks` (a role's address rules). */
    refusal: z.string().optional(),
    /** With `outside-networks`: the address the connection came from, as the gateway sees it. */
    address: z.string().optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Public decimals are strings with two decimals, e.g. "12.50". */
export const publicDecimalSchema = z.string().regex(/^-?\d+\.\d{2}$/);

/** ISO 8601 datetime with offset, as the partner group returns it. */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });

/** `YYYY-MM-DD`. */
export const isoDateSchema = z.iso.date();

/** A path parameter that must be a positive integer id. */
export const idParamSchema = z.coerce.number().int().positive().max(2_147_483_647);

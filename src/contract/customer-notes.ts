import { z } from 'zod';

/**
 * Desk notes and flags (`/api/customers/:id/notes`, `/api/customer-flags`): what the team knows about a customer
 * that the service has no field for. Pure, like the rest of src/contract: the gateway that answers and the app
 * that reads share one definition and one set of limits.
 */

/** The longest note: a paragraph or two at the desk, not a file. */
export const NOTE_MAX_LENGTH = 2000;
export const FLAG_LABEL_MAX_LENGTH = 40;
/** The most flags an organisation keeps in use: a short list the desk reads at a glance. */
export const MAX_ACTIVE_FLAGS = 20;

/** How loud a flag is: `stop` makes the seller confirm before checkout (e.g. "do not sell"). */
export const FLAG_SEVERITIES = ['info', 'caution', 'stop'] as const;
export type FlagSeverity = (typeof FLAG_SEVERITIES)[number];

/** The flags every organisation starts with; the app names them in the reader's language until renamed. */
export const FLAG_PRESETS = ['wheelchair', 'vip', 'check-id', 'do-not-sell'] as const;

export const customerFlagSchema = z.object({
  id: z.number().int(),
  /** The default flag this is; null for one the organisation added. */
  preset: z.enum(FLAG_PRESETS).nullable(),
  /** The organisation's own name; null for a default flag not renamed (the app names it). */
  label: z.string().nullable(),
  severity: z.enum(FLAG_SEVERITIES),
  retired: z.boolean(),
});
export type CustomerFlag = z.infer<typeof customerFlagSchema>;

/** `GET /api/customer-flags`: the organisation's flags, in use first, each in the order it was added. */
export const flagListSchema = z.object({ data: z.array(customerFlagSchema) });
export type FlagList = z.infer<typeof flagListSchema>;

const labelSchema = z.string().trim().min(1, 'Required').max(FLAG_LABEL_MAX_LENGTH);

/** `POST /api/customer-flags`. */
export const newFlagBodySchema = z.strictObject({
  label: labelSchema,
  severity: z.enum(FLAG_SEVERITIES),
});

/** `PATCH /api/customer-flags/:flagId`: rename (null: back to a default flag's own name), re-grade, retire, restore. */
export const flagChangeBodySchema = z
  .strictObject({
    label: labelSchema.nullable().optional(),
    severity: z.enum(FLAG_SEVERITIES).optional(),
    retired: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change');

export const customerNoteSchema = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  text: z.string(),
  author: z.object({ accountId: z.number().int().nullable(), name: z.string() }),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
});
export type CustomerNote = z.infer<typeof customerNoteSchema>;

/**
 * `GET /api/customers/:customerId/notes`: the customer's flags in use and their notes, newest first — what the
 * box office's alert, the order page and the customer page show.
 */
export const customerDeskNotesSchema = z.object({
  customerId: z.number().int(),
  flags: z.array(customerFlagSchema),
  notes: z.array(customerNoteSchema),
  /** The notes the reader may edit (their own, with notes:write); any note they may delete with notes:write. */
  editableNoteIds: z.array(z.number().int()),
});
export type CustomerDeskNotes = z.infer<typeof customerDeskNotesSchema>;

const noteTextSchema = z.string().trim().min(1, 'Required').max(NOTE_MAX_LENGTH);

/** `POST /api/customers/:customerId/notes` and `PATCH …/notes/:noteId`. */
export const noteBodySchema = z.strictObject({ text: noteTextSchema });

/** `PUT /api/customers/:customerId/flags`: the flags the customer has from now on (flags in use only). */
export const customerFlagsBodySchema = z.strictObject({
  flagIds: z.array(z.number().int().positive()).max(MAX_ACTIVE_FLAGS),
});

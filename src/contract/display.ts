import { z } from 'zod';

/**
 * The buyer's screen (`/display/<sales point>`, issue 31 item 5): what the seller's box office publishes, what
 * the paired screen reads, and the pairing. Every object is strict: the screen shows these fields and nothing
 * else — no customer data beyond the buyer's own name. Pure, shared by gateway and app.
 */

/** Pairing codes: 8 characters of an alphabet without look-alikes (no 0/O, 1/I/L), typed on a tablet. */
export const PAIRING_CODE_LENGTH = 8;
export const PAIRING_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A code as the gateway compares it: upper case, without the spaces and dashes people type between groups. */
export const normalisedPairingCode = (typed: string) => typed.toUpperCase().replace(/[\s-]/g, '');

export const pairingBodySchema = z.strictObject({
  code: z
    .string({ error: 'Type the code shown at the sales point' })
    .max(40, 'Type the code shown at the sales point')
    .transform(normalisedPairingCode)
    .pipe(z.string().length(PAIRING_CODE_LENGTH, `The code has ${PAIRING_CODE_LENGTH} characters`)),
});

/** `POST /api/display/pair`: the screen is paired with this sales point (its cookie is set). */
export const pairedSchema = z.object({ salesPointId: z.number().int(), salesPointName: z.string() });
export type Paired = z.infer<typeof pairedSchema>;

/** `POST /api/display/pairing-codes`: a code for a screen at that sales point, shown once. */
export const pairingCodeBodySchema = z.strictObject({ salesPointId: z.number().int().positive() });
export const pairingCodeSchema = z.object({ code: z.string(), expiresAt: z.string(), salesPointId: z.number() });
export type PairingCode = z.infer<typeof pairingCodeSchema>;

/** A paired screen, as the sales point's settings list it. */
export const pairedDisplaySchema = z.object({
  id: z.number().int(),
  pairedAt: z.string(),
  lastSeenAt: z.string(),
  pairedBy: z.string().nullable(),
  userAgent: z.string().nullable(),
  address: z.string().nullable(),
});
export type PairedDisplay = z.infer<typeof pairedDisplaySchema>;
export const pairedDisplayListSchema = z.object({ displays: z.array(pairedDisplaySchema) });
export type PairedDisplayList = z.infer<typeof pairedDisplayListSchema>;

const MAX_CENTS = 100_000_000;
const label = (max: number) => z.string().trim().max(max);

/** One line of the cart as the buyer reads it. */
export const screenLineSchema = z.strictObject({
  event: label(200),
  /** The performance's start (ISO 8601), when the line is for one. */
  date: z.iso.datetime({ offset: true }).nullable(),
  section: label(80).nullable(),
  row: z.number().int().min(0).max(100_000).nullable(),
  seat: z.number().int().min(0).max(100_000).nullable(),
  /** The price type ("Normaal", "Jongeren"), or the kind of a donation or an item. */
  priceType: label(80),
  tickets: z.number().int().min(1).max(10_000),
  amountCents: z.number().int().min(-MAX_CENTS).max(MAX_CENTS),
});
export type ScreenLine = z.infer<typeof screenLineSchema>;

/**
 * The small plan: the rows of the sections the buyer's seats are in, each row's seat numbers. The buyer's own
 * seats are the lines' seats; nothing says which of the others are sold.
 */
export const screenPlanSchema = z.strictObject({
  event: label(200),
  sections: z
    .array(
      z.strictObject({
        name: label(80),
        rows: z
          .array(z.strictObject({ row: z.number().int().min(0), seats: z.array(z.number().int().min(0)).max(200) }))
          .max(120),
      }),
    )
    .max(6),
});
export type ScreenPlan = z.infer<typeof screenPlanSchema>;

const buyerName = label(120).nullable();
const lines = z.array(screenLineSchema).max(200);

/** `PUT /api/display/screen`: what the seller's sale shows on the buyer's screen now. */
export const screenBodySchema = z.discriminatedUnion('phase', [
  z.strictObject({ phase: z.literal('idle') }),
  z.strictObject({
    phase: z.literal('cart'),
    lines,
    plans: z.array(screenPlanSchema).max(4),
    buyerName,
    /** The fee of the payment method chosen in the checkout, so the total is the one the seller asks for. */
    feeCents: z.number().int().min(0).max(MAX_CENTS).optional(),
  }),
  z.strictObject({
    phase: z.literal('payment'),
    lines,
    feeCents: z.number().int().min(0).max(MAX_CENTS),
    buyerName,
    /** The online payment's page, for the buyer's phone (a QR code on the screen). */
    paymentUrl: z.url({ protocol: /^https?$/ }).max(2000),
  }),
  z.strictObject({
    phase: z.literal('thanks'),
    lines,
    feeCents: z.number().int().min(0).max(MAX_CENTS),
    buyerName,
    /** Cash handed over, when the seller entered it: the screen shows it and the change (at least the total). */
    receivedCents: z.number().int().min(0).max(MAX_CENTS).optional(),
  }),
]);
export type ScreenBody = z.infer<typeof screenBodySchema>;

/** A screen as shown: the body with its total, added up by the gateway (lines and fee). */
export type Screen = ScreenBody & { totalCents: number };

/** `GET /api/display/:salesPointId/screen` and each event of the stream. */
export const screenStateSchema = z.object({
  salesPointName: z.string(),
  version: z.number().int(),
  screen: z.custom<Screen>((value) => typeof value === 'object' && value !== null && 'phase' in value),
});
export type ScreenState = z.infer<typeof screenStateSchema>;

/** `PUT /api/display/screen`: the version the screen now has (null: the seller's shift is at no sales point). */
export const publishedSchema = z.object({ version: z.number().int().nullable() });
export type Published = z.infer<typeof publishedSchema>;

import { z } from 'zod';

/** Public SubEvent (spec 2.2): one published regular performance, dates and times local to the client. */
export const publicSubEventSchema = z
  .object({
    event_id: z.number().int(),
    event_main_id: z.number().int(),
    event_name: z.string(),
    event_text: z.string(),
    event_short_text: z.string(),
    event_url: z.string().nullable(),
    event_image: z.string().nullable(),
    event_date: z.string().meta({ description: '`YYYY-MM-DD`, local to the client' }),
    event_time: z.string().meta({ description: 'Start, `HH:MM:SS`, local to the client' }),
    event_end: z.string().meta({ description: 'End, `HH:MM:SS`, local to the client' }),
    event_view_end: z
      .string()
      .nullable()
      .meta({ description: 'Optional cut-off later than the end; null when unused' }),
    event_rep: z.string().meta({ description: '`sub` for sub-events' }),
    event_free: z
      .number()
      .int()
      .meta({ description: 'Maximum tickets per order, capped by what can still be sold; not the real capacity' }),
    event_status: z.string().meta({ description: '`pub` = published' }),
    location_id: z.number().int(),
    location_name: z.string(),
  })
  .meta({ id: 'PublicSubEvent' });
export type PublicSubEvent = z.infer<typeof publicSubEventSchema>;

/** Public Event (spec 2.1): a main event with its public sub-events. */
export const publicEventSchema = z
  .object({
    event_id: z.number().int().meta({ description: 'Main event id' }),
    event_name: z.string(),
    event_text: z.string(),
    event_short_text: z.string(),
    event_image: z.string().nullable(),
    event_tags: z.array(z.string()),
    sub_events: z.array(publicSubEventSchema),
  })
  .meta({ id: 'PublicEvent' });
export type PublicEvent = z.infer<typeof publicEventSchema>;

/** `GET /events/{event_id}`: any string, so that a bad id gets the spec's exact 404 text. */
export const publicEventSelectorSchema = z.string().meta({
  description: 'A main-event id, a sub-event id, or the literal `upcoming` (future sub-events only)',
});

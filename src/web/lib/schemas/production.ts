import type * as Contract from '@/contract/production';
import type { Parser } from '../parser';
import { fields, integer, list, nullableText, parser, string } from '../read';
import { type PartnerEvent, partnerEventSchema } from './partner-event';

/**
 * A production (spec 2.9; contract: src/contract/production.ts) with its events, read by hand (lib/read.ts):
 * the events list, a first page for many, loads no schema library. The spec does not name the child-event
 * field: `events` is the reference service's name, and a service that sends none gives an empty list.
 */
export type Production = Omit<Contract.Production, 'events'> & { events: PartnerEvent[] };

export const productionSchema: Parser<Production> = parser((value) => {
  const raw = fields(value, 'production');
  return {
    productionId: integer(raw.productionId, 'production.productionId'),
    title: string(raw.title, 'production.title'),
    artist: nullableText(raw.artist, 'production.artist'),
    events: list(raw.events, 'production.events', (event) => partnerEventSchema.parse(event)),
  };
});

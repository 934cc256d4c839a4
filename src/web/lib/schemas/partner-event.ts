import type * as Contract from '@/contract/event';
import {
  decimal,
  fields,
  integer,
  list,
  type NullableFields,
  nullableText,
  orElse,
  parser,
  string,
  tags,
  Unreadable,
} from '../read';

/**
 * The app's reading of a Partner Event (spec 2.8; contract: src/contract/event.ts). Lenient where a real
 * service may differ: ids and amounts as strings, tags as string or array, a price in either of its two
 * forms (`{ rankId, amount }` or `{ priceId, priceName, rankName, amount }`). Read by hand (lib/read.ts),
 * not with zod: the dashboard, the first signed-in screen, reads events and should not load zod for it.
 * The types are the contract's (type imports cost no bytes), where the reading differs said so.
 */

/** A price as read: the short form (`{ rankId, amount }`) has no ticket type, the long one may lack a rank. */
export type EventPrice = NullableFields<Contract.PartnerEventPrice, 'priceId' | 'priceName' | 'rankId' | 'rankName'>;
export type RankAvailability = Contract.RankAvailabilityItem;
export type BlockAvailability = Contract.BlockAvailabilityItem;

/** The contract's event, with its tags as a list and its prices in either form. */
export type PartnerEvent = Omit<Contract.PartnerEvent, 'eventTags' | 'prices'> & {
  eventTags: string[];
  prices: EventPrice[];
};

function readPrice(value: unknown, field = 'price'): EventPrice {
  const raw = fields(value, field);
  return {
    priceId: nullableText(raw.priceId, `${field}.priceId`),
    priceName: nullableText(raw.priceName, `${field}.priceName`),
    rankId: orElse(
      () => (raw.rankId === null || raw.rankId === undefined ? null : integer(raw.rankId, 'rankId')),
      null,
    ),
    rankName: nullableText(raw.rankName, `${field}.rankName`),
    amount: decimal(raw.amount, `${field}.amount`),
  };
}

function readRankAvailability(value: unknown, field: string): RankAvailability {
  const raw = fields(value, field);
  return {
    rankId: integer(raw.rankId, `${field}.rankId`),
    rankName: orElse(() => string(raw.rankName, 'rankName'), ''),
    capacity: integer(raw.capacity, `${field}.capacity`),
    available: integer(raw.available, `${field}.available`),
  };
}

function readBlockAvailability(value: unknown, field: string): BlockAvailability {
  const raw = fields(value, field);
  return {
    blockType: string(raw.blockType, `${field}.blockType`),
    blockName: orElse(() => string(raw.blockName, 'blockName'), ''),
    count: orElse(() => integer(raw.count, 'count'), 0),
  };
}

function readEvent(value: unknown, field = 'event'): PartnerEvent {
  const raw = fields(value, field);
  const event: PartnerEvent = {
    eventId: integer(raw.eventId, `${field}.eventId`),
    productionId: integer(raw.productionId, `${field}.productionId`),
    eventName: string(raw.eventName, `${field}.eventName`),
    eventType: nullableText(raw.eventType, `${field}.eventType`),
    eventTags: tags(raw.eventTags, `${field}.eventTags`),
    start: string(raw.start, `${field}.start`),
    end: nullableText(raw.end, `${field}.end`),
    hallId: integer(raw.hallId, `${field}.hallId`),
    prices: list(raw.prices, `${field}.prices`, readPrice),
  };
  // Absent means "not sent" (a list without availability), which differs from an empty list.
  if (raw.availability !== undefined) {
    event.availability = list(raw.availability, `${field}.availability`, readRankAvailability);
  }
  if (raw.blockAvailability !== undefined) {
    event.blockAvailability = list(raw.blockAvailability, `${field}.blockAvailability`, readBlockAvailability);
  }
  return event;
}

export const eventPriceSchema = parser((value) => readPrice(value));
export const partnerEventSchema = parser((value) => readEvent(value));
export const partnerEventListSchema = parser((value) => {
  if (!Array.isArray(value)) throw new Unreadable('events: not a list');
  return value.map((event, index) => readEvent(event, `events[${index}]`));
});

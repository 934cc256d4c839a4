/**
 * Events dated at the door: what happens on its date and is watched on the day. A performance (type `event`, or
 * none), a bundle (`combi`, a dinner-and-show arrangement) and date-bound food and drink (`horeca`); not season
 * passes, vouchers or goods, which have a date of sale, not of a visit. The dashboard lists these with their
 * availability, and the gateway keeps that availability warm for it (reports/shared-read-keeper.ts): one rule, so
 * the dashboard never asks the service for one the keeper skipped. No schema library here: the dashboard's first
 * load imports it.
 */
const DATED_EVENT_TYPES: readonly string[] = ['event', 'combi', 'horeca'];

export const isDatedEvent = (event: { eventType: string | null }): boolean =>
  event.eventType === null || DATED_EVENT_TYPES.includes(event.eventType);

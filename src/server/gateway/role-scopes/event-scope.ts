import type { RoleScope } from '@/contract/role-scopes';

/** An event as far as a scope looks at it: its id and its production's (the service's Partner Event, 2.8). */
export interface EventOfProduction {
  eventId: number;
  productionId: number;
  /** Its eventName, as the order status names its seats' events (spec 2.6); empty when the list gave none. */
  name?: string;
}

/** Whether `event` is one a role of `scope` sees: listed itself, or of a listed production. */
export const eventInScope = (scope: RoleScope, event: EventOfProduction) =>
  scope.eventIds.includes(event.eventId) || scope.productionIds.includes(event.productionId);

/**
 * The ids of the events a role of `scope` sees, out of the organisation's events: those of its productions,
 * and the events it lists (also when the list does not hold them — a past event the service no longer lists
 * still names its orders).
 */
export function scopedEventIds(scope: RoleScope, events: readonly EventOfProduction[]): number[] {
  const ids = new Set(scope.eventIds);
  for (const event of events) if (scope.productionIds.includes(event.productionId)) ids.add(event.eventId);
  return [...ids];
}

/** The productions a role of `scope` sees: those it lists, and those of the events it lists. */
export function scopedProductionIds(scope: RoleScope, events: readonly EventOfProduction[]): number[] {
  const ids = new Set(scope.productionIds);
  for (const event of events) if (scope.eventIds.includes(event.eventId)) ids.add(event.productionId);
  return [...ids];
}

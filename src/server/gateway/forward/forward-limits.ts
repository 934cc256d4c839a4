import { buyerSummaryOf, QUICK_CREATE_FIELDS } from '@/contract/customer-search';
import type { Queryable } from '../../db/database';
import { orderAccess } from '../desk';
import type { ForwardedRoute, ForwardLimit, Permission } from '../permissions';
import type { Principal } from '../principal';

/**
 * How `principal` may make a call of `route`: as it is ('whole'), within one of the table's limits, or not
 * at all ('refused'). A permission of `allow` always wins over a limited one.
 */
export function accessTo(route: ForwardedRoute, principal: Principal): 'whole' | ForwardLimit | 'refused' {
  const holds = (permissions: readonly Permission[]) => permissions.some((p) => principal.permissions.includes(p));
  if (holds(route.allow)) return 'whole';
  if (route.limited && holds(route.limited.allow)) return route.limited.to;
  return 'refused';
}

/** Every permission that lets anyone make a call of `route`, whole or limited (for the refusal's message). */
export const permissionsFor = (route: ForwardedRoute) => [...route.allow, ...(route.limited?.allow ?? [])];

/**
 * `desk-orders`: the refusal's message when the order of `path` (`/partner/order/{orderId}`) is not one of the
 * desk's, else null (desk/order-access.ts decides, without the service).
 */
export async function deskOrderRefusal(db: Queryable, principal: Principal, path: string): Promise<string | null> {
  const idText = path.split('/').pop() ?? '';
  if (!/^\d{1,15}$/.test(idText)) return 'No such order';
  return (await orderAccess(db, principal, Number(idText), 'open')).refusal;
}

/**
 * `buyer-summary`: the service's answer (a customer) as the picker shows it. An answer that is not a customer
 * object (an error's `{ message }`) is passed on as it is.
 */
export function buyerSummaryAnswer(text: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value) || !('customerId' in value)) return text;
  return JSON.stringify(buyerSummaryOf(value as Record<string, unknown>));
}

const QUICK_CREATE = new Set<string>(QUICK_CREATE_FIELDS);

/**
 * `quick-create`: the refusal's message when the new customer of `requestText` is given more than the picker's
 * fields (a lookup-only desk set a customer's credit and external id through it), else null. A body that is no
 * JSON object is the service's to refuse.
 */
export function quickCreateRefusal(requestText: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(requestText);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const beyond = Object.keys(value).filter((field) => !QUICK_CREATE.has(field));
  return beyond.length === 0
    ? null
    : `A quick create gives a customer a name, email, phone and city only; ${beyond.join(', ')} takes customers:write.`;
}

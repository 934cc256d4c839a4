import { z } from 'zod';
import { type Role, roleRequestSchema } from '@/contract/roles';
import type { RoleInput } from './staff-mutations';

/** The gateway's limits for a role's session minutes (staff-routes.ts). */
export const IDLE_MINUTES = { min: 5, max: 1440 } as const;
export const ABSOLUTE_MINUTES = { min: 15, max: 10080 } as const;

/** The form's own values: minutes as typed (empty = the default), permissions as the checked keys. */
export interface RoleFormValues {
  name: string;
  permissions: string[];
  requireTotp: boolean;
  idleMinutes: string;
  absoluteMinutes: string;
}

export function roleFormValues(role: Role | null): RoleFormValues {
  return {
    name: role?.name ?? '',
    permissions: role ? [...role.permissions] : [],
    requireTotp: role?.requireTotp ?? false,
    idleMinutes: role?.idleMinutes == null ? '' : String(role.idleMinutes),
    absoluteMinutes: role?.absoluteMinutes == null ? '' : String(role.absoluteMinutes),
  };
}

const minutesOf = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

function minutesField(range: { min: number; max: number }, message: string) {
  return z.string().refine((text) => {
    const value = minutesOf(text);
    return value === null || (Number.isInteger(value) && value >= range.min && value <= range.max);
  }, message);
}

/** The name with the gateway's rule and texts (the dialog shows them through localServerMessage). */
export function roleFormSchema(messages: { idleRange: string; absoluteRange: string }) {
  return z.object({
    name: roleRequestSchema.shape.name,
    permissions: z.array(z.string()),
    requireTotp: z.boolean(),
    idleMinutes: minutesField(IDLE_MINUTES, messages.idleRange),
    absoluteMinutes: minutesField(ABSOLUTE_MINUTES, messages.absoluteRange),
  });
}

/** What the gateway takes; the permissions in the gateway's own order, each once. */
export function roleInput(values: RoleFormValues, order: readonly string[]): RoleInput {
  const chosen = new Set(values.permissions);
  return {
    name: values.name.trim(),
    permissions: [...order.filter((key) => chosen.has(key)), ...[...chosen].filter((key) => !order.includes(key))],
    requireTotp: values.requireTotp,
    idleMinutes: minutesOf(values.idleMinutes),
    absoluteMinutes: minutesOf(values.absoluteMinutes),
  };
}

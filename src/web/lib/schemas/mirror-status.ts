import {
  MIRROR_RESOURCES,
  type MirrorRefreshAnswer,
  type MirrorResource,
  type MirrorResourceStatus,
  type MirrorStatus,
} from '@/contract/mirror';
import { fields, list, nullableString, parser, Unreadable } from '../read';

/**
 * The gateway's mirror status (`GET /api/mirror/status`, and the answer of `POST /api/mirror/refresh`), read by
 * hand: the freshness line shows on the customer list, whose first load carries no schema library (zod's core
 * alone is 15 kB gzip). Strict, as the gateway's own answers are: a field of the wrong type is unreadable.
 */

function number(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Unreadable(`${field}: not a number`);
  return value;
}

function boolean(value: unknown, field: string): boolean {
  if (typeof value !== 'boolean') throw new Unreadable(`${field}: not true or false`);
  return value;
}

function resourceName(value: unknown, field: string): MirrorResource {
  const name = MIRROR_RESOURCES.find((resource) => resource === value);
  if (name === undefined) throw new Unreadable(`${field}: not a mirrored resource`);
  return name;
}

function readResourceStatus(value: unknown, field: string): MirrorResourceStatus {
  const raw = fields(value, field);
  const fullSync = fields(raw.fullSync, `${field}.fullSync`);
  return {
    resource: resourceName(raw.resource, `${field}.resource`),
    watermark: nullableString(raw.watermark, `${field}.watermark`),
    lastAttemptAt: nullableString(raw.lastAttemptAt, `${field}.lastAttemptAt`),
    lastSuccessAt: nullableString(raw.lastSuccessAt, `${field}.lastSuccessAt`),
    lastError: nullableString(raw.lastError, `${field}.lastError`),
    fullSync: {
      startedAt: nullableString(fullSync.startedAt, `${field}.fullSync.startedAt`),
      finishedAt: nullableString(fullSync.finishedAt, `${field}.fullSync.finishedAt`),
      total: fullSync.total === null ? null : number(fullSync.total, `${field}.fullSync.total`),
      done: number(fullSync.done, `${field}.fullSync.done`),
    },
  };
}

function readMirrorStatus(value: unknown, field = 'status'): MirrorStatus {
  const raw = fields(value, field);
  if (!Array.isArray(raw.resources)) throw new Unreadable(`${field}.resources: not a list`);
  return {
    intervalSeconds: number(raw.intervalSeconds, `${field}.intervalSeconds`),
    running: boolean(raw.running, `${field}.running`),
    resources: list(raw.resources, `${field}.resources`, readResourceStatus),
  };
}

export const mirrorStatusSchema = parser((value) => readMirrorStatus(value));

export const mirrorRefreshAnswerSchema = parser((value): MirrorRefreshAnswer => {
  const raw = fields(value, 'answer');
  return { started: boolean(raw.started, 'answer.started'), status: readMirrorStatus(raw.status, 'answer.status') };
});

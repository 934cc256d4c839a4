import { z } from 'zod/mini';
import type { Paginated } from '../../../contract/pagination';
import { lenientInt } from '../../lib/lenient';

/** A record of an export as the service sent it: exports pass records on unchanged (JSON lines). */
export type ExportRecord = Record<string, unknown>;

const isRecord = (value: unknown): value is ExportRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * One page of a paginated export (spec 2.14), read shallowly: the records are checked to be objects but
 * otherwise kept exactly as sent, so a CRM receives what the service holds and 50,000 orders are not run
 * through a deep schema. Row builders read the fields they need leniently (export-rows.ts).
 */
export const exportPageSchema = z.object({
  data: z.array(z.custom<ExportRecord>(isRecord)),
  current_page: z.catch(lenientInt, 1),
  last_page: lenientInt,
  per_page: z.catch(lenientInt, 100),
  total: lenientInt,
  next_page_url: z.catch(z.nullable(z.string()), null),
  prev_page_url: z.catch(z.nullable(z.string()), null),
  first_page_url: z.catch(z.string(), ''),
  last_page_url: z.catch(z.string(), ''),
  from: z.catch(lenientInt, 0),
  to: z.catch(lenientInt, 0),
  path: z.catch(z.string(), ''),
}) satisfies { _zod: { output: Paginated<ExportRecord> } };

/** `GET /partner/export/clienttypes`: the tag names; a service may send them as one comma-separated string. */
export const clientTypesSchema = z.pipe(
  z.transform((value: unknown) => (typeof value === 'string' ? value.split(',') : value)),
  z.array(
    z.pipe(
      z.transform((value: unknown) => String(value).trim()),
      z.string(),
    ),
  ),
);

import { z } from 'zod';

/** Page size of every paginated listing (spec 2.14, 8). */
export const PAGE_SIZE = 100;

/** The pagination envelope of spec 2.14 around any record schema. */
export function paginated<Record extends z.ZodType>(record: Record) {
  return z.object({
    data: z.array(record),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    next_page_url: z.string().nullable(),
    prev_page_url: z.string().nullable(),
    first_page_url: z.string(),
    last_page_url: z.string(),
    from: z.number().int(),
    to: z.number().int(),
    path: z.string(),
  });
}

export type Paginated<Record> = {
  data: Record[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  next_page_url: string | null;
  prev_page_url: string | null;
  first_page_url: string;
  last_page_url: string;
  from: number;
  to: number;
  path: string;
};

/** The `page` query parameter: 1-based. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
});

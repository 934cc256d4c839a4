import { expect } from 'vitest';
import type { z } from 'zod';
import { PAGE_SIZE, type Paginated } from '@/contract/pagination';
import type { TestService } from '@/server/testing/test-service';

/**
 * Follows `next_page_url` from a first request until it is null, with the same method and no body (as a
 * client of spec 2.14 does), checking each envelope's meta on the way. Returns every record in order.
 */
export async function walkPages<Row>(
  service: TestService,
  pageSchema: z.ZodType<Paginated<Row>>,
  first: { path: string; method: 'GET' | 'POST'; key: string; json?: unknown },
): Promise<{ rows: Row[]; pages: Paginated<Row>[] }> {
  const pages: Paginated<Row>[] = [];
  let path: string | null = first.path;
  let json = first.json;
  while (path !== null) {
    const res = await service.request(path, { method: first.method, key: first.key, json });
    expect(res.status, path).toBe(200);
    const page = pageSchema.parse(await res.json());
    const n = pages.length + 1;
    expect(page.current_page).toBe(n);
    expect(page.per_page).toBe(PAGE_SIZE);
    expect(page.last_page).toBe(Math.max(1, Math.ceil(page.total / PAGE_SIZE)));
    expect(page.data.length).toBe(n < page.last_page ? PAGE_SIZE : page.total - (page.last_page - 1) * PAGE_SIZE);
    if (page.data.length > 0) {
      expect(page.from).toBe((n - 1) * PAGE_SIZE + 1);
      expect(page.to).toBe(page.from + page.data.length - 1);
    }
    expect(page.prev_page_url === null).toBe(n === 1);
    pages.push(page);
    path = page.next_page_url === null ? null : relative(page.next_page_url);
    json = undefined;
  }
  return { rows: pages.flatMap((page) => page.data), pages };
}

/** An absolute page URL as a path for `service.request`. */
export function relative(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/**
 * What the API client needs of a schema: `safeParse`. Both zod and zod/mini schemas have it; the app's own
 * schemas use zod/mini, whose functions tree-shake, to keep the first load small.
 */
export interface Parser<Output> {
  safeParse(data: unknown): { success: true; data: Output } | { success: false; error: unknown };
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TestProject } from 'vitest/node';

vi.mock('./postgres-server', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./postgres-server')>()),
  findPostgresBinaries: () => null,
}));

const { default: setup } = await import('./global-setup');

describe('global setup without PostgreSQL binaries', () => {
  const saved = { ...process.env };
  beforeEach(() => {
    delete process.env.TEST_POSTGRES_URL;
  });
  afterEach(() => {
    process.env.REQUIRE_POSTGRES = saved.REQUIRE_POSTGRES;
    process.env.TEST_POSTGRES_URL = saved.TEST_POSTGRES_URL;
    if (saved.REQUIRE_POSTGRES === undefined) delete process.env.REQUIRE_POSTGRES;
    if (saved.TEST_POSTGRES_URL === undefined) delete process.env.TEST_POSTGRES_URL;
  });

  it('fails loudly when CI requires PostgreSQL', async () => {
    process.env.REQUIRE_POSTGRES = '1';
    const provide = vi.fn();
    await expect(setup({ provide } as unknown as TestProject)).rejects.toThrow(/REQUIRE_POSTGRES=1.*postgresql/s);
    expect(provide).not.toHaveBeenCalled();
  });
});

import { rm } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { seedDemo } from '../service/db/seed/seed';
import { migrateService } from '../service/db/service-migrations';
import { copyPgliteTemplate } from '../testing/database-templates';
import { connectDatabase } from './connect';
import { vacuumEmbedded } from './vacuum';

describe('vacuumEmbedded', () => {
  it('marks the freshly seeded pages of the embedded database all-visible (what autovacuum does on a server)', async () => {
    // The global setup's migrated and seeded template when there is one (a copy of it is not vacuumed).
    const template = inject('testPgliteTemplate');
    const copy = template ? await copyPgliteTemplate(template) : undefined;
    const db = await connectDatabase({ dataDir: copy });
    try {
      if (!template) {
        await migrateService(db);
        await seedDemo(db, { scale: 'test' });
      }
      const allVisiblePages = async () =>
        (
          await db.query<{ pages: number }>(
            `select relallvisible::int as pages from pg_class where relname = 'customers'`,
          )
        ).rows[0]?.pages;
      expect(await allVisiblePages()).toBe(0);
      expect(await vacuumEmbedded(db)).toBeGreaterThanOrEqual(0);
      expect(await allVisiblePages()).toBeGreaterThan(0);
    } finally {
      await db.close();
      if (copy) await rm(copy, { recursive: true, force: true });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { areaRoutes } from './area-routes';
import { areas } from './areas';

describe('the two halves of each area', () => {
  it('the router and the shell list the same areas, in the same order', () => {
    expect(areas.map((menu) => menu.area)).toEqual(areaRoutes);
  });

  it('an area has a navigation entry exactly when it has a home for it to lead to', () => {
    for (const menu of areas)
      expect([menu.area.id, menu.nav !== undefined]).toEqual([menu.area.id, menu.area.home !== undefined]);
  });
});

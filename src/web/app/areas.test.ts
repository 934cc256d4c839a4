import { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { areaCommands } from './area-commands';
import { areaRoutes } from './area-routes';
import { areas } from './areas';

describe('the parts of each area', () => {
  it('the router, the shell and the command palette list the same areas, in the same order', () => {
    // Each part names its feature's one Area (features/<area>/<area>-area.ts): the routes spread it, the menu and the
    // commands hold it.
    expect(areas.map((menu) => menu.area)).toEqual(areaRoutes.map(({ routes: _routes, ...area }) => area));
    expect(areas.map((menu) => menu.area.id)).toEqual(areaRoutes.map((area) => area.id));
    expect(areaCommands.map((commands) => commands.area)).toEqual(areas.map((menu) => menu.area));
  });

  it('an area describes its page in the palette only when it has a navigation entry to describe', () => {
    const withNav = new Set(areas.filter((menu) => menu.nav).map((menu) => menu.area.id));
    for (const { area, description } of areaCommands)
      if (description) expect([area.id, withNav.has(area.id)]).toEqual([area.id, true]);
  });

  it('an area has a navigation entry exactly when it has a home for it to lead to', () => {
    for (const menu of areas)
      expect([menu.area.id, menu.nav !== undefined]).toEqual([menu.area.id, menu.area.home !== undefined]);
  });

  it('no two areas claim one path: the router would show only the first (the promoter dashboard once took /productions/:id)', () => {
    const paths = (routes: RouteObject[]): string[] =>
      routes.flatMap((route) => [...(route.path ? [route.path] : []), ...paths(route.children ?? [])]);
    const deps = { queryClient: new QueryClient(), prefetch: () => undefined };
    const claimed = areaRoutes.flatMap((area) => paths(area.routes(deps)).map((path) => `${path} (${area.id})`));
    const byPath = new Map<string, string[]>();
    for (const entry of claimed) {
      const path = entry.split(' ')[0] ?? '';
      byPath.set(path, [...(byPath.get(path) ?? []), entry]);
    }
    expect([...byPath.values()].filter((entries) => entries.length > 1)).toEqual([]);
  });
});

import type { Area } from '../../lib/area';

/** The exports area as the router and the shell both know it: who opens it and where it leads (lib/area.ts). */
export const exportsArea: Area = {
  id: 'exports',
  requires: ['exports:run', 'customers:read'],
  home: '/exports',
};

import type { Area } from '../../lib/area';

/** The dashboard area as the router and the shell both know it: who opens it and where it leads (lib/area.ts). */
export const dashboardArea: Area = {
  id: 'dashboard',
  requires: ['events:read', 'reports:read'],
  home: '/',
};

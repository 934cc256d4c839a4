import type { Area } from '../../lib/area';

/** The desk area as the router and the shell both know it: who opens it and where it leads (lib/area.ts). */
export const deskArea: Area = {
  id: 'desk',
  requires: ['sales:sell', 'orders:read', 'reports:read'],
  home: '/reservations',
};

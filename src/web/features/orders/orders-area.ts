import type { Area } from '../../lib/area';

/** The orders area as the router and the shell both know it: who opens it and where it leads (lib/area.ts). */
export const ordersArea: Area = {
  id: 'orders',
  requires: ['orders:read'],
  home: '/orders',
};

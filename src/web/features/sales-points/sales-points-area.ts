import type { Area } from '../../lib/area';

/** The sales points area as the router and the shell both know it: who opens it and where it leads (lib/area.ts). */
export const salesPointsArea: Area = {
  id: 'sales-points',
  requires: ['sales-points:manage'],
  home: '/sales-points',
};

import type { Area } from '../../lib/area';

/** The shifts area as the router and the shell both know it: who opens it and where it leads (lib/area.ts). */
export const shiftsArea: Area = {
  id: 'shifts',
  requires: ['sales:sell', 'shifts:review'],
  home: '/shifts',
};

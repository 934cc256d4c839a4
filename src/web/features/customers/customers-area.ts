import type { Area } from '../../lib/area';

/** The customers area as the router and the shell both know it: who opens it and where it leads (lib/area.ts). */
export const customersArea: Area = {
  id: 'customers',
  requires: ['customers:read'],
  home: '/customers',
};

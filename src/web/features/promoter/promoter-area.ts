import type { Area } from '../../lib/area';

/** The promoter area as the router and the shell both know it: who opens it and where it leads (lib/area.ts). */
export const promoterArea: Area = {
  id: 'productions',
  requires: ['reports:read'],
  withinScope: true,
  home: '/production-sales',
};

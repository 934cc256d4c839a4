import type { Area } from '../../lib/area';

/** The staff area as the router and the shell both know it: who opens it and where it leads (lib/area.ts). */
export const staffArea: Area = {
  id: 'staff',
  requires: ['staff:manage', 'connection:manage'],
  home: '/staff',
};

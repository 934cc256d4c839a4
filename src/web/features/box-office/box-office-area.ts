import type { Area } from '../../lib/area';

/** The box office area as the router and the shell both know it: who opens it and where it leads (lib/area.ts). */
export const boxOfficeArea: Area = {
  id: 'box-office',
  requires: ['sales:sell'],
  home: '/box-office',
};

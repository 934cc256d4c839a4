import type { Area } from '../../lib/area';

/** The segments area as the router and the shell both know it: who opens it and where it leads (lib/area.ts). */
export const segmentsArea: Area = {
  id: 'segments',
  requires: ['segments:manage'],
  home: '/customers/segments',
};

import type { Area } from '../../lib/area';

/** The events area as the router and the shell both know it: who opens it and where it leads (lib/area.ts). */
export const eventsArea: Area = {
  id: 'events',
  requires: ['events:read'],
  home: '/events',
};

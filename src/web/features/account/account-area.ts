import type { Area } from '../../lib/area';

/** The account area as the router and the shell both know it: who opens it and where it leads (lib/area.ts). */
export const accountArea: Area = {
  id: 'account',
  withinScope: true,
};

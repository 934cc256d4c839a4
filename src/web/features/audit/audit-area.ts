import type { Area } from '../../lib/area';

/** The audit area as the router and the shell both know it: who opens it and where it leads (lib/area.ts). */
export const auditArea: Area = {
  id: 'audit',
  requires: ['audit:read'],
  home: '/audit',
};

import type { AreaCommands } from '../../lib/area';
import { deskArea } from './desk-area';

/**
 * The desk (reservations) in the command palette and the shortcuts overlay. Loads with them, on first use, not with the
 * shell (lib/area.ts).
 */
export const deskCommands: AreaCommands = {
  area: deskArea,
  description: {
    nl: 'Reserveringen op volgorde van verloop, en online bestellingen die op betaling wachten',
    en: 'Reservations by expiry, and online orders awaiting payment',
  },
};

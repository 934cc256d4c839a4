import type { AreaCommands } from '../../lib/area';
import { dashboardArea } from './dashboard-area';

/**
 * The dashboard in the command palette and the shortcuts overlay. Loads with them, on first use, not with the
 * shell (lib/area.ts).
 */
export const dashboardCommands: AreaCommands = {
  area: dashboardArea,
  description: { nl: 'Voorstellingen van vandaag en de komende dagen', en: "Today's and the next performances" },
};

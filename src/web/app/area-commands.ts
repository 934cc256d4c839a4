import { accountCommands } from '../features/account/account-commands';
import { auditCommands } from '../features/audit/audit-commands';
import { boxOfficeCommands } from '../features/box-office/box-office-commands';
import { customersCommands } from '../features/customers/customers-commands';
import { dashboardCommands } from '../features/dashboard/dashboard-commands';
import { deskCommands } from '../features/desk/desk-commands';
import { eventsCommands } from '../features/events/events-commands';
import { exportsCommands } from '../features/exports/exports-commands';
import { ordersCommands } from '../features/orders/orders-commands';
import { promoterCommands } from '../features/promoter/promoter-commands';
import { salesPointsCommands } from '../features/sales-points/sales-points-commands';
import { segmentsCommands } from '../features/segments/segments-commands';
import { shiftsCommands } from '../features/shifts/shifts-commands';
import { staffCommands } from '../features/staff/staff-commands';
import type { AreaCommands } from '../lib/area';

/**
 * What the command palette and the shortcuts overlay offer of every area, in navigation order (lib/area.ts): loaded
 * with them on first use, not with the shell, whose first screen needs only the navigation (app/areas.ts). The
 * same areas in the same order as app/areas.ts and app/area-routes.ts (areas.test.ts).
 */
export const areaCommands: readonly AreaCommands[] = [
  dashboardCommands,
  promoterCommands,
  eventsCommands,
  boxOfficeCommands,
  customersCommands,
  segmentsCommands,
  ordersCommands,
  deskCommands,
  shiftsCommands,
  salesPointsCommands,
  exportsCommands,
  staffCommands,
  auditCommands,
  accountCommands,
];

import { accountMenu } from '../features/account/account-menu';
import { auditMenu } from '../features/audit/audit-menu';
import { boxOfficeMenu } from '../features/box-office/box-office-menu';
import { customersMenu } from '../features/customers/customers-menu';
import { dashboardMenu } from '../features/dashboard/dashboard-menu';
import { deskMenu } from '../features/desk/desk-menu';
import { eventsMenu } from '../features/events/events-menu';
import { exportsMenu } from '../features/exports/exports-menu';
import { ordersMenu } from '../features/orders/orders-menu';
import { promoterMenu } from '../features/promoter/promoter-menu';
import { salesPointsMenu } from '../features/sales-points/sales-points-menu';
import { segmentsMenu } from '../features/segments/segments-menu';
import { shiftsMenu } from '../features/shifts/shifts-menu';
import { staffMenu } from '../features/staff/staff-menu';
import type { AreaMenu } from '../lib/area';

/**
 * Every area of the app as the signed-in shell draws it, in navigation order: its navigation entry. A feature joins
 * the app with its area (features/<area>/<area>-area.ts), its routes in app/area-routes.ts (the router's), its menu
 * here (the shell's, loaded with it, not with the sign-in page, and without the routes) and its commands in
 * app/area-commands.ts (the command palette's and the shortcuts overlay's, loaded with them); see lib/area.ts. The
 * three lists name the same areas in the same order (areas.test.ts).
 */
export const areas: readonly AreaMenu[] = [
  dashboardMenu,
  promoterMenu,
  eventsMenu,
  boxOfficeMenu,
  customersMenu,
  segmentsMenu,
  ordersMenu,
  deskMenu,
  shiftsMenu,
  salesPointsMenu,
  exportsMenu,
  staffMenu,
  auditMenu,
  accountMenu,
];

import { accountRoutes } from '../features/account/account-routes';
import { auditRoutes } from '../features/audit/audit-routes';
import { boxOfficeRoutes } from '../features/box-office/box-office-routes';
import { customersRoutes } from '../features/customers/customers-routes';
import { dashboardRoutes } from '../features/dashboard/dashboard-routes';
import { deskRoutes } from '../features/desk/desk-routes';
import { eventsRoutes } from '../features/events/events-routes';
import { exportsRoutes } from '../features/exports/exports-routes';
import { ordersRoutes } from '../features/orders/orders-routes';
import { promoterRoutes } from '../features/promoter/promoter-routes';
import { salesPointsRoutes } from '../features/sales-points/sales-points-routes';
import { segmentsRoutes } from '../features/segments/segments-routes';
import { shiftsRoutes } from '../features/shifts/shifts-routes';
import { staffRoutes } from '../features/staff/staff-routes';
import type { AreaRoutes } from '../lib/area';

/**
 * The routes of every area, for the router: the dashboard's in every first load, the others joining the router on
 * the first visit to one of them (app/router.tsx), so nothing here but what the router needs (lib/area.ts). A
 * feature joins the app with its area, its routes here, its menu (navigation) in app/areas.ts and its
 * commands (palette, shortcuts) in app/area-commands.ts, in the same order; areas.test.ts checks the lists.
 */
export const areaRoutes: readonly AreaRoutes[] = [
  dashboardRoutes,
  promoterRoutes,
  eventsRoutes,
  boxOfficeRoutes,
  customersRoutes,
  segmentsRoutes,
  ordersRoutes,
  deskRoutes,
  shiftsRoutes,
  salesPointsRoutes,
  exportsRoutes,
  staffRoutes,
  auditRoutes,
  accountRoutes,
];

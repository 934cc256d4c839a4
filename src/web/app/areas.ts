import { accountArea } from '../features/account/account-area';
import { auditArea } from '../features/audit/audit-area';
import { boxOfficeArea } from '../features/box-office/box-office-area';
import { customersArea } from '../features/customers/customers-area';
import { dashboardArea } from '../features/dashboard/dashboard-area';
import { deskArea } from '../features/desk/desk-area';
import { eventsArea } from '../features/events/events-area';
import { exportsArea } from '../features/exports/exports-area';
import { ordersArea } from '../features/orders/orders-area';
import { shiftsArea } from '../features/shifts/shifts-area';
import { staffArea } from '../features/staff/staff-area';
import type { AppArea } from '../lib/area';

/**
 * Every area of the app, in navigation order. A feature joins the app by adding its area here — routes,
 * navigation, commands and shortcuts all follow from that one line.
 */
export const areas: readonly AppArea[] = [
  dashboardArea,
  eventsArea,
  boxOfficeArea,
  customersArea,
  ordersArea,
  deskArea,
  shiftsArea,
  exportsArea,
  staffArea,
  auditArea,
  accountArea,
];
